import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// Cells that show their item's number, for the style's window.
@MainActor
private final class NumberedLabels: CollectionViewDataSource, CollectionViewDelegate {
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 12 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: LabelCell = collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath)
        cell.text = "\(indexPath.item)"
        return cell
    }
}

/// The colour names GTK's own theme (its built-in Default, "Adwaita" in GTK 4.8) defines in
/// each variant, read from the stylesheets GTK carries in its resources.
private func plainThemeColourNames() -> [String: Set<String>] {
    var result: [String: Set<String>] = [:]
    for variant in ["Default-light", "Default-dark", "Default-hc", "Default-hc-dark"] {
        guard let bytes = g_resources_lookup_data("/org/gtk/libgtk/theme/Default/\(variant).css", G_RESOURCE_LOOKUP_FLAGS_NONE, nil) else {
            continue
        }
        var size: gsize = 0
        let data = g_bytes_get_data(bytes, &size)!
        let css = String(decoding: UnsafeRawBufferPointer(start: data, count: Int(size)), as: UTF8.self)
        g_bytes_unref(bytes)
        result[variant] = Set(css.matches(of: /@define-color\s+([A-Za-z0-9_-]+)/).map { String($0.1) })
    }
    return result
}

/// The `@name` colour references of a stylesheet (not its `@define-color` rules' keyword).
private func colourReferences(in css: String) -> Set<String> {
    Set(css.matches(of: /@([A-Za-z0-9_-]+)/).map { String($0.1) }).subtracting(["define-color"])
}

/// The library's style in a process without libadwaita: every colour it names exists in plain
/// GTK 4.8's theme, and the focus ring and selection come out in the theme's selected colour.
final class DefaultStyleWithoutAdwaitaTests: XCTestCase {

    /// Every `@name` the library's CSS uses is one of its own `cv_` colours, and every `cv_`
    /// colour's plain-GTK value is a colour each variant of GTK's Default theme defines
    /// (CSS naming an undefined colour draws nothing, with no warning).
    func testEveryColourNameExistsWithoutLibadwaita() { MainActor.assumeIsolated {
        XCTAssertTrue(GtkHarness.available)
        XCTAssertEqual(g_type_from_name("AdwStyleManager"), 0, "this test process has no libadwaita")
        let library = Set(DefaultStyle.colorNames.map(\.name))
        XCTAssert(library.allSatisfy { $0.hasPrefix("cv_") })
        for css in [DefaultStyle.css, DefaultStyle.plainOnlyCSS] + DefaultStyle.parts {
            let foreign = colourReferences(in: css).subtracting(library)
            XCTAssertEqual(foreign, [], "colours that are not the library's own cv_ names: \(foreign)")
        }
        let theme = plainThemeColourNames()
        XCTAssertEqual(theme.count, 4, "GTK's four Default variants were read")
        for (variant, names) in theme {
            XCTAssert(names.contains("theme_selected_bg_color"), "\(variant) was parsed")
            for colour in DefaultStyle.colorNames {
                let used = colourReferences(in: colour.plain)
                XCTAssertEqual(used.subtracting(names), [], "\(colour.name) falls back to colours \(variant) lacks")
            }
        }
        // And the process's style resolves every one of them.
        let cv = bareCollectionView(FlowLayout())
        let window = GtkHarness.window(for: cv, width: 200, height: 200)
        let context = gtk_widget_get_style_context(cv.viewport)
        for name in library {
            var colour = GdkRGBA()
            XCTAssertNotEqual(gtk_style_context_lookup_color(context, name, &colour), 0, "\(name) resolves")
        }
        GtkHarness.close(window)
    }}

    /// A focused cell's ring and a selected `LabelCell`'s tint, as drawn with the library's
    /// style over plain GTK's theme (the tests' own stylesheet taken away): the ring is the
    /// theme's selected colour (blue, not a grey nor nothing), the tint a bluish blend of it.
    func testFocusRingAndSelectionAreTheThemesSelectedColour() { MainActor.assumeIsolated {
        XCTAssertEqual(g_type_from_name("AdwStyleManager"), 0, "this test process has no libadwaita")
        GtkHarness.withoutTestStyle {
            let layout = FlowLayout()
            layout.itemSize = Size(width: 100, height: 100)
            layout.minimumInteritemSpacing = 20
            layout.minimumLineSpacing = 20
            let cv = bareCollectionView(layout)
            cv.register(LabelCell.self, forCellWithReuseIdentifier: "label")
            let labels = NumberedLabels()
            cv.dataSource = labels
            cv.delegate = labels
            cv.allowsMultipleSelection = true
            let window = GtkHarness.window(for: cv, width: 500, height: 300)
            defer { GtkHarness.close(window) }
            gtk_widget_grab_focus(cv.viewport)
            cv.setFocusedItem(IndexPath(item: 1, section: 0), scroll: false)
            cv.selectItem(at: IndexPath(item: 3, section: 0), animated: false, scrollPosition: [])
            guard let focused = cv.cellForItem(at: IndexPath(item: 1, section: 0)),
                  let selected = cv.cellForItem(at: IndexPath(item: 3, section: 0)),
                  let plain = cv.cellForItem(at: IndexPath(item: 2, section: 0)) else { return XCTFail("the cells are shown") }
            GtkHarness.wait(for: "the focus ring's class") { gtk_widget_has_css_class(focused.widget, "focused") != 0 }
            XCTAssertEqual(gtk_widget_has_css_class(plain.widget, "focused"), 0)
            XCTAssertNotEqual(gtk_widget_get_state_flags(selected.widget).rawValue & GTK_STATE_FLAG_SELECTED.rawValue, 0)

            var themeSelected = GdkRGBA()
            XCTAssertNotEqual(gtk_style_context_lookup_color(gtk_widget_get_style_context(window), "theme_selected_bg_color", &themeSelected), 0)
            let accent = (Double(themeSelected.red) * 255, Double(themeSelected.green) * 255, Double(themeSelected.blue) * 255)
            XCTAssertGreaterThan(accent.2 - accent.0, 60, "GTK's Default theme selects in blue: \(accent)")

            let shot = GtkHarness.renderedPixels(of: window)
            if let dir = getenv("CV_SCREENSHOT_DIR").map({ String(cString: $0) }) {
                GtkHarness.screenshot(window, name: "default-style-plain-gtk", in: dir)
            }
            @MainActor func pixel(_ cell: CollectionViewCell, x: Double, y: Double) -> (Double, Double, Double) {
                let (wx, wy) = GtkHarness.windowPoint(of: cell.widget, x: x, y: y)
                let i = wy * shot.stride + wx * 4
                return (Double(shot.bytes[i + 2]), Double(shot.bytes[i + 1]), Double(shot.bytes[i]))
            }
            func assertClose(_ got: (Double, Double, Double), _ expected: (Double, Double, Double), _ what: String,
                             file: StaticString = #filePath, line: UInt = #line) {
                let off = max(abs(got.0 - expected.0), abs(got.1 - expected.1), abs(got.2 - expected.2))
                XCTAssertLessThanOrEqual(off, 12, "\(what): drawn \(got), expected about \(expected)", file: file, line: line)
            }
            func blend(_ top: (Double, Double, Double), _ alpha: Double, over under: (Double, Double, Double)) -> (Double, Double, Double) {
                (top.0 * alpha + under.0 * (1 - alpha), top.1 * alpha + under.1 * (1 - alpha), top.2 * alpha + under.2 * (1 - alpha))
            }

            // The ring: 2 px inside the cell's edge, the selected colour at 80% over the cell.
            let width = Double(gtk_widget_get_width(focused.widget))
            let ring = pixel(focused, x: width / 2, y: 1)
            assertClose(ring, blend(accent, 0.8, over: pixel(plain, x: width / 2, y: 1)), "the focus ring")
            XCTAssertGreaterThan(ring.2 - ring.0, 60, "the ring is blue, not grey: \(ring)")
            XCTAssertNotEqual(pixel(focused, x: width / 2, y: 6).2 - pixel(focused, x: width / 2, y: 6).0, ring.2 - ring.0,
                              "inside the ring the cell is not blue")

            // The selection: the selected colour at 35% over the window, where the plain cell
            // has its faint tile.
            let gap = pixel(plain, x: width + 10, y: 50)  // between two cells: the window
            let tint = pixel(selected, x: width / 2, y: 8)
            assertClose(tint, blend(accent, 0.35, over: gap), "the selection tint")
            XCTAssertGreaterThan(tint.2 - tint.0, 30, "the selection is bluish: \(tint)")
            let tile = pixel(plain, x: width / 2, y: 8)
            XCTAssertLessThan(abs(tile.2 - tile.0), 10, "an unselected tile is grey: \(tile)")
        }
    }}
}
