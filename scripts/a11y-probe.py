#!/usr/bin/python3
"""What a screen reader sees of a grid: a real AT-SPI client (pyatspi) against running apps.

Usage (under a display and a D-Bus session, accessibility on):
    xvfb-run -a dbus-run-session -- scripts/a11y-probe.py GALLERY_BINARY [--check]
    xvfb-run -a dbus-run-session -- scripts/a11y-probe.py --outline COLLECTION_BENCH [--check]

--outline: an outline's rows instead (`collection-bench outline-probe` beside a GtkListView over a
GtkTreeListModel with GtkTreeExpanders, run by this script with --serve-gtk-outline): for the
collapsed row "Documents", a leaf and a row one level down, their expandable and expanded
states and the `level` attribute, then the same after Documents is expanded (ours by the Right
key, GTK's by the app, its expander's keys wanting the focus inside the expander) and the
state-changed events that arrived.

Launches the gallery and `gtk4-demo --run=listview_colors` one after the other and, for each,
prints: the grid's role and name; its first cells' roles and names in child (reading) order;
after each arrow key whether a focus event arrived, which cell has `focused`, which cells
have `selected` and whether a `selected` state event and a selection-changed event from the
grid arrived (the selection follows the focus in GtkGridView); after Ctrl+A in multiple selection (the gallery
starts in single selection: Ctrl+M switches it) which cells are `selected`. Both reports are then printed side by side. With --check it exits 1 when the
gallery's answers are wrong, or miss what GtkGridView answers (see `check`).

The gallery runs in a home of its own (settings and caches in a temporary directory, an app
id of its own), so the probe neither reads nor changes the user's gallery settings."""

import os
import shutil
import subprocess
import sys
import tempfile
import time

import pyatspi
from gi.repository import GLib

GRID_ROLES = {pyatspi.ROLE_TABLE, pyatspi.ROLE_TREE_TABLE, pyatspi.ROLE_LIST, pyatspi.ROLE_LIST_BOX}
N_CELLS = 8
events = []


def on_event(event):
    events.append((event.type, safe(lambda: event.source.getRoleName()),
                   safe(lambda: event.source.name), event.detail1))


def selection_changes(grid):
    """The object:selection-changed events since `events` was cleared, and how many came
    from the grid itself (as GtkGridView sends them: from the grid, not its cells)."""
    changes = [e for e in events if e[0].startswith("object:selection-changed")]
    name = safe(lambda: grid.name)
    return changes, [e for e in changes if e[1] == safe(lambda: grid.getRoleName()) and e[2] == name]


def pump(seconds):
    end = time.time() + seconds
    ctx = GLib.MainContext.default()
    while time.time() < end:
        while ctx.pending():
            ctx.iteration(False)
        time.sleep(0.02)


def safe(f, default=None):
    try:
        return f()
    except Exception:
        return default


def find_app(pid, timeout=20):
    end = time.time() + timeout
    while time.time() < end:
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = safe(lambda: desktop.getChildAtIndex(i))
            if app is not None and safe(lambda: app.get_process_id()) == pid:
                return app
        time.sleep(0.3)
    return None


def walk(acc, depth=0):
    yield acc, depth
    for i in range(safe(lambda: acc.childCount, 0)):
        child = safe(lambda: acc.getChildAtIndex(i))
        if child is not None:
            yield from walk(child, depth + 1)


def find_grid(app, timeout=20):
    """The first grid-like element with at least two children somewhere below it."""
    end = time.time() + timeout
    while time.time() < end:
        for acc, _ in walk(app):
            if safe(lambda: acc.getRole()) in GRID_ROLES and len(items(acc)) >= 2:
                return acc
        time.sleep(0.3)
    return None


def items(grid):
    """The grid's items in tree order: cells, list items and headings, looking through
    generic containers (GTK puts a canvas or row widgets between)."""
    found = []

    def visit(acc, depth):
        for i in range(safe(lambda: acc.childCount, 0)):
            child = safe(lambda: acc.getChildAtIndex(i))
            if child is None:
                continue
            role = safe(lambda: child.getRole())
            if role in (pyatspi.ROLE_TABLE_CELL, pyatspi.ROLE_LIST_ITEM, pyatspi.ROLE_HEADING):
                found.append(child)
            elif depth < 3:
                visit(child, depth + 1)

    visit(grid, 0)
    return found


def describe(acc):
    name = safe(lambda: acc.name, "?") or ""
    if not name:  # listview_colors names nothing: show the first text below
        for sub, _ in walk(acc):
            text = safe(lambda: sub.queryText().getText(0, -1))
            if text:
                name = "(text) " + text
                break
    return f"{safe(lambda: acc.getRoleName(), '?')} '{name}'"


def states(acc):
    s = safe(lambda: acc.getState())
    return s if s is not None else None


def focused_item(grid):
    for i, item in enumerate(items(grid)):
        s = states(item)
        if s is not None and s.contains(pyatspi.STATE_FOCUSED):
            return f"#{i} {describe(item)}"
    return "none"


def focused_index(grid):
    for i, item in enumerate(items(grid)):
        s = states(item)
        if s is not None and s.contains(pyatspi.STATE_FOCUSED):
            return i
    return None


def selected_indices(grid):
    return [i for i, c in enumerate(items(grid)) if states(c) is not None and states(c).contains(pyatspi.STATE_SELECTED)]


def on_screen(acc, grid):
    """Whether the element's extents overlap the grid's (both in window coordinates)."""
    a = safe(lambda: acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS))
    g = safe(lambda: grid.queryComponent().getExtents(pyatspi.WINDOW_COORDS))
    if a is None or g is None or a.width <= 0 or a.height <= 0:
        return False
    return a.x < g.x + g.width and g.x < a.x + a.width and a.y < g.y + g.height and g.y < a.y + a.height


def short(indices, n=4):
    """[#2, #5] (or the first n and how many more)."""
    shown = ", ".join(f"#{i}" for i in indices[:n])
    return "[" + shown + (f", +{len(indices) - n}" if len(indices) > n else "") + "]"


def xdotool(*args):
    return subprocess.run(["xdotool", *args], capture_output=True, text=True).stdout.strip()


def probe(title, command, env_extra=None, multiple_key=None, log=None):
    """`multiple_key` switches the app to multiple selection before Ctrl+A; `log` is a file
    for the app's standard output (the gallery logs "multiple true" there with GALLERY_LOG)."""
    lines = [title, "=" * len(title)]
    env = dict(os.environ, **(env_extra or {}))
    out = open(log, "w") if log else subprocess.DEVNULL
    proc = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.DEVNULL)
    result = {"lines": lines}
    try:
        app = find_app(proc.pid)
        if app is None:
            lines.append("app not found on the accessibility bus")
            return result
        grid = find_grid(app)
        if grid is None:
            lines.append("no grid found")
            return result
        pump(1.0)
        buttons = [acc for acc, _ in walk(app) if safe(lambda: acc.getRole()) in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON)]
        result["buttons"] = [safe(lambda: b.name, "") or "" for b in buttons]
        lines.append(f"buttons: {len(buttons)}, unnamed {result['buttons'].count('')}")
        result["role"] = safe(lambda: grid.getRoleName())
        result["label"] = safe(lambda: grid.name)
        lines.append(f"grid: role={result['role']} name='{result['label']}'")
        first = items(grid)[:N_CELLS]
        result["first"] = [describe(c) for c in first]
        lines.append(f"first {len(first)} items in tree order:")
        lines += [f"  {i}: {d}" for i, d in enumerate(result["first"])]

        window = ""
        for _ in range(50):
            window = xdotool("search", "--onlyvisible", "--pid", str(proc.pid)).split("\n")[-1]
            if window:
                break
            time.sleep(0.2)
        xdotool("windowfocus", "--sync", window)
        # A click on the first cell (its extents, relative to the window).
        cell = next((c for c in first if safe(lambda: c.getRole()) != pyatspi.ROLE_HEADING), first[0])
        ext = safe(lambda: cell.queryComponent().getExtents(pyatspi.WINDOW_COORDS))
        x, y = (ext.x + ext.width // 2, ext.y + ext.height // 2) if ext and ext.width > 0 else (150, 150)
        events.clear()
        xdotool("mousemove", "--window", window, str(x), str(y), "click", "1")
        pump(0.8)
        clicked = [e for e in events if e[0].startswith("object:state-changed:selected") and e[3] == 1]
        result["click_selected_event"] = bool(clicked)
        changes, from_grid = selection_changes(grid)
        result["click_selection_changed"] = len(from_grid)
        lines.append(f"after a click at ({x},{y}): focused item {focused_item(grid)},"
                     f" selected event {'yes' if clicked else 'no'}, selection-changed {len(from_grid)} from the grid"
                     f" ({len(changes)} in all)")
        result["keys"] = []
        for key in ["Right", "Right", "Down", "Left"]:
            events.clear()
            xdotool("key", "--window", window, key)
            pump(0.8)
            focus_events = [e for e in events if e[0].startswith("object:state-changed:focused") and e[3] == 1]
            selected_on = [e for e in events if e[0].startswith("object:state-changed:selected") and e[3] == 1]
            selected_off = [e for e in events if e[0].startswith("object:state-changed:selected") and e[3] != 1]
            selection_changed, from_grid = selection_changes(grid)
            index = focused_index(grid)
            selected = selected_indices(grid)
            result["keys"].append({
                "key": key, "focus_event": bool(focus_events), "focused": focused_item(grid),
                "focused_selected": index is not None and index in selected,
                "selected_event": bool(selected_on), "selection_changed": bool(selection_changed),
                "grid_selection_changed": len(from_grid),
            })
            # One line per key, so the two apps' answers line up side by side.
            lines.append(f"key {key}: focus event {'yes' if focus_events else 'no'}"
                         f"{' (' + str(focus_events[-1][2]) + ')' if focus_events else ''},"
                         f" focused {'#' + str(index) if index is not None else 'none'},"
                         f" selected {short(selected)} (focused one {'yes' if index in selected else 'no'}),"
                         f" selected events +{len(selected_on)}/-{len(selected_off)},"
                         f" selection-changed {len(selection_changed)} ({len(from_grid)} from the grid)")
        if multiple_key:
            xdotool("key", "--window", window, multiple_key)
            pump(0.8)
            logged = open(log).read().split("\n") if log else []
            result["multiple"] = "multiple true" in logged
            lines.append(f"{multiple_key} (multiple selection): {'on' if result['multiple'] else 'not confirmed'}")
        else:
            lines.append("(multiple selection from the start: GtkMultiSelection)")
        multi = safe(lambda: grid.getState().contains(pyatspi.STATE_MULTISELECTABLE))
        events.clear()
        xdotool("key", "--window", window, "ctrl+a")
        pump(1.0)
        _, from_grid = selection_changes(grid)
        result["select_all_selection_changed"] = len(from_grid)
        selected = selected_indices(grid)
        result["selected"] = selected
        tree = items(grid)
        # Every cell (headings are not selectable) must say `selected`; the ones within the
        # grid's extents are the ones a person sees (GTK 4.8 sets no `showing` state).
        cells = [i for i, c in enumerate(tree) if safe(lambda: c.getRole()) != pyatspi.ROLE_HEADING]
        showing = [i for i in cells if on_screen(tree[i], grid)]
        result["cells"], result["showing"] = cells, showing
        result["unselected_cells"] = [i for i in cells if i not in selected]
        lines.append(f"after Ctrl+A: {len(selected)} of {len(tree)} items in the tree selected (first: {selected[:8]}),"
                     f" selection-changed {len(from_grid)} from the grid")
        lines.append(f"  cells selected: {len(cells) - len(result['unselected_cells'])} of {len(cells)},"
                     f" on screen {len([i for i in showing if i in selected])} of {len(showing)};"
                     f" not selected {short(result['unselected_cells'])}; grid multiselectable {'yes' if multi else 'no'}")
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
    return result


def check(r, theirs=None):
    """What the gallery must answer: a named grid (role table), items in reading order with a
    heading first, a focused item after each arrow key with a focus event and, as GtkGridView
    (`theirs`) answers, the new focused item `selected` with its state event; selected items."""
    problems = []
    if r.get("role") != "table":
        problems.append(f"grid role {r.get('role')}")
    if not r.get("label"):
        problems.append("the grid has no name")
    first = r.get("first", [])
    if not first or not first[0].startswith("heading"):
        problems.append(f"the first item is not a heading: {first[:1]}")
    if len([d for d in first if d.startswith("table cell")]) < 3:
        problems.append("fewer than 3 named cells among the first items")
    for k in r.get("keys", []):
        if k["focused"] == "none":
            problems.append(f"no focused item after {k['key']}")
        if not k["focus_event"]:
            problems.append(f"no focus event after {k['key']}")
    # The selection follows the focus in GtkGridView: each arrow key selects the new focused
    # item and tells so. The gallery must say the same wherever GtkGridView does (and say it
    # outright when gtk4-demo could not be probed).
    reference = (theirs or {}).get("keys") or []
    for i, k in enumerate(r.get("keys", [])):
        ref = reference[i] if i < len(reference) else None
        for field, what in [("focus_event", "focus event"), ("focused_selected", "`selected` state on the focused item"),
                            ("selected_event", "`selected` state event")]:
            if not k[field] and (ref is None or ref[field]):
                problems.append(f"no {what} after {k['key']} (#{i + 1})" + (", GtkGridView has one" if ref else ""))
        # GtkGridView's grid sends one selection-changed per change of its selection model
        # (gtkatspiselection.c); the collection sends one per change too, from the grid, not
        # more (a change that drops several ranges is still one).
        if ref is not None and ref.get("grid_selection_changed") and k["grid_selection_changed"] != ref["grid_selection_changed"]:
            problems.append(f"{k['grid_selection_changed']} selection-changed from the grid after {k['key']} (#{i + 1}),"
                            f" GtkGridView sends {ref['grid_selection_changed']}")
        if ref is None and k["grid_selection_changed"] != 1:
            problems.append(f"{k['grid_selection_changed']} selection-changed from the grid after {k['key']} (#{i + 1}), not 1")
    if "" in r.get("buttons", [""]):
        problems.append(f"a button has no name: {r.get('buttons')}")
    if not r.get("click_selected_event"):
        problems.append("no selected-state event after a click")
    if r.get("click_selection_changed") != 1:
        problems.append(f"{r.get('click_selection_changed')} selection-changed from the grid after a click, not 1")
    if r.get("select_all_selection_changed") != 1:
        problems.append(f"{r.get('select_all_selection_changed')} selection-changed from the grid after Ctrl+A, not 1")
    if not r.get("selected"):
        problems.append("no item is selected after a click and Ctrl+A")
    if "multiple" in r and not r["multiple"]:
        problems.append("Ctrl+M did not switch the gallery to multiple selection")
    if not r.get("cells") or not r.get("showing"):
        problems.append("no cells (on screen) found after Ctrl+A")
    if r.get("unselected_cells"):
        problems.append(f"{len(r['unselected_cells'])} of {len(r['cells'])} cells without `selected` after Ctrl+A"
                        f" in multiple selection: {short(r['unselected_cells'], 8)}")
    return problems


OUTLINE_TREE = [("Documents", [("Letters", [("2025.odt", []), ("2026.odt", [])]), ("Notes.txt", [])]),
                ("Music", [("Albums", [("Kind of Blue", []), ("Blue Train", [])]), ("Playlists", [])]),
                ("Pictures", [("Holidays", []), ("Family", [])]),
                ("Readme.txt", [])]


def serve_gtk_outline():
    """GTK's own outline: a GtkListView of GtkTreeExpanders over a GtkTreeListModel of
    OUTLINE_TREE (Music expanded, as in collection-bench outline-probe). A line "expand NAME" on
    standard input expands that row."""
    import gi
    gi.require_version("Gtk", "4.0")
    from gi.repository import Gtk, Gio

    def store(nodes):
        model = Gtk.StringList()
        for name, _ in nodes:
            model.append(name)
        return model
    children = {}

    def index(nodes):
        for name, kids in nodes:
            children[name] = kids
            index(kids)
    index(OUTLINE_TREE)

    def create(item):
        kids = children.get(item.get_string(), [])
        return store(kids) if kids else None
    tree = Gtk.TreeListModel.new(store(OUTLINE_TREE), False, False, create)
    factory = Gtk.SignalListItemFactory()

    def setup(_, item):
        expander = Gtk.TreeExpander()
        expander.set_child(Gtk.Label(xalign=0))
        item.set_child(expander)

    def bind(_, item):
        row = item.get_item()
        item.get_child().set_list_row(row)
        item.get_child().get_child().set_label(row.get_item().get_string())
    factory.connect("setup", setup)
    factory.connect("bind", bind)
    view = Gtk.ListView(model=Gtk.SingleSelection(model=tree), factory=factory)
    view.update_property([Gtk.AccessibleProperty.LABEL], ["GTK outline"])
    app = Gtk.Application(application_id=f"io.github.collectionview.OutlineProbe.P{os.getpid()}")

    def row_named(name):
        for i in range(tree.get_n_items()):
            row = tree.get_row(i)
            if row.get_item().get_string() == name:
                return row
        return None

    def on_line(channel, _):
        line = channel.readline().strip()
        if line.startswith("expand "):
            row = row_named(line[7:])
            if row:
                row.set_expanded(True)
        return True

    def activate(app):
        window = Gtk.ApplicationWindow(application=app, title="GTK outline", default_width=360, default_height=420)
        window.set_child(Gtk.ScrolledWindow(child=view))
        row_named("Music").set_expanded(True)
        row_named("Albums").set_expanded(True)
        window.present()
        GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.IO_IN, on_line)
    app.connect("activate", activate)
    app.run([])


def outline_row(app, name):
    """The object that holds an outline row's states: the accessible named `name` (ours: the
    cell), or the nearest ancestor of the label named so that is expandable or has a level
    (GTK's: the row or the expander around the label)."""
    named = [acc for acc, _ in walk(app) if safe(lambda: acc.name) == name]
    for acc in named:
        node = acc
        for _ in range(4):
            if node is None:
                break
            s = states(node)
            attrs = safe(lambda: node.getAttributes(), []) or []
            if (s is not None and s.contains(pyatspi.STATE_EXPANDABLE)) or any(a.startswith("level:") for a in attrs):
                return node
            node = safe(lambda: node.parent)
    return named[0] if named else None


def outline_facts(app, name):
    acc = outline_row(app, name)
    if acc is None:
        return {"found": False}
    s = states(acc)
    attrs = dict(a.split(":", 1) for a in (safe(lambda: acc.getAttributes(), []) or []) if ":" in a)
    return {"found": True, "role": safe(lambda: acc.getRoleName()),
            "expandable": bool(s and s.contains(pyatspi.STATE_EXPANDABLE)),
            "expanded": bool(s and s.contains(pyatspi.STATE_EXPANDED)), "level": attrs.get("level")}


def outline_probe(title, command, prepare, expand, env_extra=None):
    lines = [title, "=" * len(title)]
    env = dict(os.environ, **(env_extra or {}))
    proc = subprocess.Popen(command, env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
    result = {"lines": lines}
    events.clear()
    try:
        app = find_app(proc.pid)
        if app is None:
            lines.append("app not found on the accessibility bus")
            return result
        pump(1.5)
        for name in ["Documents", "Readme.txt", "Albums", "Playlists"]:
            result[name] = outline_facts(app, name)
            lines.append(f"{name}: {result[name]}")
        window = ""
        for _ in range(50):
            window = xdotool("search", "--onlyvisible", "--pid", str(proc.pid)).split("\n")[-1]
            if window:
                break
            time.sleep(0.2)
        xdotool("windowfocus", "--sync", window)
        prepare(window)
        pump(0.8)
        early = [e for e in events if e[0].startswith("object:state-changed:expand")]
        if early:
            lines.append(f"state-changed events before the expand: {early}")
        events.clear()
        expand(proc, window)
        pump(1.5)
        result["after"] = outline_facts(app, "Documents")
        result["child"] = outline_facts(app, "Letters")
        lines.append(f"after expanding Documents: {result['after']}")
        lines.append(f"its child Letters: {result['child']}")
        changed = [e for e in events if e[0].startswith("object:state-changed:expanded")]
        result["expanded_events"] = changed
        lines.append(f"state-changed:expanded events: {changed}")
        return result
    finally:
        proc.kill()
        proc.wait()


def outline_check(r, theirs):
    """Ours must have what GtkTreeExpander's rows have; the level only when GTK exports it (GTK
    4.8's AT-SPI bridge sends no `level` attribute for anything: the view sets the property,
    and the window tests read it through GTK's accessible API)."""
    problems = []
    if not r.get("Documents", {}).get("found"):
        return ["no row named Documents"]
    d, leaf, albums = r["Documents"], r["Readme.txt"], r["Albums"]
    if not d["expandable"] or d["expanded"]:
        problems.append(f"collapsed Documents should be expandable, not expanded: {d}")
    if leaf.get("expandable"):
        problems.append(f"a leaf should not be expandable: {leaf}")
    if not (albums.get("expandable") and albums.get("expanded")):
        problems.append(f"Albums should be expandable and expanded: {albums}")
    if not (r["after"].get("expandable") and r["after"].get("expanded")):
        problems.append(f"Documents should be expanded after Right: {r['after']}")
    if not any(e[2] == "Documents" and e[3] == 1 for e in r["expanded_events"]):
        problems.append("no state-changed:expanded event from Documents")
    gtk_exports_level = any(theirs.get(n, {}).get("level") for n in ["Documents", "Albums"])
    if gtk_exports_level and (d.get("level") != "1" or albums.get("level") != "2" or r["child"].get("level") != "2"):
        problems.append(f"levels should be 1, 2, 2: {d.get('level')}, {albums.get('level')}, {r['child'].get('level')}")
    return problems


def outline_main(bench, checking):
    pyatspi.Registry.registerEventListener(on_event, "object:state-changed:expanded")
    pyatspi.Registry.registerEventListener(on_event, "object:state-changed:expandable")

    def ours_focus(window):
        xdotool("key", "--window", window, "Home")

    def ours_expand(proc, window):
        xdotool("key", "--window", window, "Right")

    def theirs_expand(proc, window):
        proc.stdin.write("expand Documents\n")
        proc.stdin.flush()
    ours = outline_probe("collection-bench outline-probe", [bench, "outline-probe"], ours_focus, ours_expand, {"GSK_RENDERER": "cairo"})
    theirs = outline_probe("GtkListView + GtkTreeExpander", [sys.executable, os.path.abspath(__file__), "--serve-gtk-outline"],
                           lambda window: None, theirs_expand, {"GSK_RENDERER": "cairo"})
    for line in ours["lines"] + [""] + theirs["lines"]:
        print(line)
    if checking:
        problems = outline_check(ours, theirs)
        for p in problems:
            print("FAIL:", p)
        sys.exit(1 if problems else 0)


def main():
    if "--serve-gtk-outline" in sys.argv:
        return serve_gtk_outline()
    checking = "--check" in sys.argv
    if "--outline" in sys.argv:
        return outline_main(sys.argv[sys.argv.index("--outline") + 1], checking)
    gallery = sys.argv[1]
    for kind in ["object:state-changed:focused", "object:state-changed:selected", "object:selection-changed", "focus:"]:
        pyatspi.Registry.registerEventListener(on_event, kind)
    home = tempfile.mkdtemp(prefix="a11y-probe-")
    try:
        ours = probe("gallery", [gallery, f"--gapplication-app-id=io.github.collectionview.A11yProbe.P{os.getpid()}"], {
            "GSK_RENDERER": "cairo", "GSETTINGS_BACKEND": "keyfile", "GALLERY_LOG": "1",
            "XDG_CONFIG_HOME": os.path.join(home, "config"), "XDG_CACHE_HOME": os.path.join(home, "cache")},
            multiple_key="ctrl+m", log=os.path.join(home, "gallery.log"))
    finally:
        shutil.rmtree(home, ignore_errors=True)
    theirs = probe("gtk4-demo listview_colors", ["gtk4-demo", "--run=listview_colors"], {"GSK_RENDERER": "cairo"})
    a, b = ours["lines"], theirs["lines"]
    width = max(len(l) for l in a) + 2
    for i in range(max(len(a), len(b))):
        left = a[i] if i < len(a) else ""
        right = b[i] if i < len(b) else ""
        print(left.ljust(width) + "| " + right)
    if checking:
        problems = check(ours, theirs)
        for p in problems:
            print("FAIL:", p)
        sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
