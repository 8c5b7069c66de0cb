import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A data source, drag delegate and drop delegate that write down what they were asked.
@MainActor
private final class DragDropDelegate: CollectionViewDataSource, CollectionViewDragDelegate, CollectionViewDropDelegate {
    var count: Int
    /// Items that can be dragged, and items with a picture.
    var draggable: Set<Int> = []
    var textures: [Int: OpaquePointer] = [:]
    var askedToDrag: [Int] = []
    /// Items the data source lets the user reorder.
    var movable: Set<Int> = []
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { movable.contains(indexPath.item) }
    // The drop side.
    var handles = true
    var entered = 0
    var updates: [IndexPath?] = []
    var performed: [(IndexPath?, DropOperation?)] = []
    var loaded: [[String]] = []
    var loadedURIs: [[String]] = []
    var loadedText: [String?] = []
    var exits = 0
    var ends = 0
    /// Items that take drops into them (an album); elsewhere drops insert.
    var albums: Set<Int> = [0]

    init(count: Int) { self.count = count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: NumberCell = collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath)
        cell.shownPath = indexPath
        return cell
    }

    func collectionView(_ collectionView: CollectionView, itemsForBeginningDragAt indexPath: IndexPath) -> [DragItem] {
        askedToDrag.append(indexPath.item)
        guard draggable.contains(indexPath.item) else { return [] }
        return [DragItem(text: "item \(indexPath.item)", filePaths: ["/tmp/item-\(indexPath.item).png"], texture: textures[indexPath.item])]
    }

    func collectionView(_ collectionView: CollectionView, canHandle session: DropSession) -> Bool { handles && session.canLoadFiles }
    func collectionView(_ collectionView: CollectionView, dropSessionDidEnter session: DropSession) { entered += 1 }
    func collectionView(_ collectionView: CollectionView, dropSessionDidUpdate session: DropSession,
                        withDestinationIndexPath destinationIndexPath: IndexPath?) -> DropProposal {
        updates.append(destinationIndexPath)
        if let under = collectionView.indexPathForItem(at: session.location), albums.contains(under.item) {
            return DropProposal(operation: .copy, intent: .insertIntoDestinationIndexPath)
        }
        return DropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
    }
    func collectionView(_ collectionView: CollectionView, performDrop session: DropSession, at destinationIndexPath: IndexPath?) {
        performed.append((destinationIndexPath, session.operation))
        session.loadFiles { [weak self] in self?.loaded.append($0) }
        session.loadFileURIs { [weak self] in self?.loadedURIs.append($0) }
        session.loadText { [weak self] in self?.loadedText.append($0) }
    }
    func collectionView(_ collectionView: CollectionView, dropSessionDidExit session: DropSession) { exits += 1 }
    func collectionView(_ collectionView: CollectionView, dropSessionDidEnd session: DropSession) { ends += 1 }
}

/// 100x100 items in 800x600: seven a line.
@MainActor
private func open(count: Int = 20, configure: (CollectionView, DragDropDelegate) -> Void = { _, _ in })
    -> (CollectionView, DragDropDelegate, WidgetPointer) {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 100, height: 100)
    let cv = bareCollectionView(layout)
    cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
    let delegate = DragDropDelegate(count: count)
    cv.dataSource = delegate
    cv.dragDelegate = delegate
    cv.dropDelegate = delegate
    configure(cv, delegate)
    return (cv, delegate, GtkHarness.window(for: cv))
}

private func p(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

/// A point of an item's cell in the viewport's coordinates: `fx`, `fy` are fractions of its size.
@MainActor
private func viewportPoint(_ item: Int, _ cv: CollectionView, fx: Double = 0.5, fy: Double = 0.5) -> (Double, Double) {
    let frame = GtkHarness.bounds(of: cv.cellForItem(at: p(item))!.widget, in: cv.viewport)!
    return (frame.minX + frame.width * fx, frame.minY + frame.height * fy)
}

/// The same point in the window's X coordinates, for xdotool.
@MainActor
private func windowPoint(_ item: Int, _ cv: CollectionView, fx: Double = 0.5, fy: Double = 0.5) -> (Int, Int) {
    let (x, y) = viewportPoint(item, cv, fx: fx, fy: fy)
    return GtkHarness.windowPoint(of: cv.viewport, x: x, y: y)
}

/// A point of the layout's frame for the item the view shows at `item` (where its cell is once
/// animations end; a drop gap has no cell), in the window's X coordinates.
@MainActor
private func layoutWindowPoint(_ item: Int, _ cv: CollectionView, fx: Double = 0.5, fy: Double = 0.5) -> (Int, Int) {
    let frame = cv.collectionViewLayout.layoutAttributesForItem(at: p(item))!.frame
    let offset = cv.contentOffset
    return GtkHarness.windowPoint(of: cv.viewport, x: frame.minX + frame.width * fx - offset.x, y: frame.minY + frame.height * fy - offset.y)
}

/// The value of `type` a content provider gives, as a Swift value through `read`.
@MainActor
private func value<T>(of provider: UnsafeMutablePointer<GdkContentProvider>, _ type: GType, _ read: (UnsafeMutablePointer<GValue>) -> T) -> T? {
    var value = GValue()
    g_value_init(&value, type)
    defer { g_value_unset(&value) }
    var error: UnsafeMutablePointer<GError>?
    guard gdk_content_provider_get_value(provider, &value, &error) != 0 else {
        if let error { g_error_free(error) }
        return nil
    }
    return read(&value)
}

@MainActor
private func files(of provider: UnsafeMutablePointer<GdkContentProvider>) -> [String]? {
    value(of: provider, gdk_file_list_get_type()) { filePaths(inFileList: $0) }
}

@MainActor
private func text(of provider: UnsafeMutablePointer<GdkContentProvider>) -> String? {
    value(of: provider, GType(16 << 2)) { v in g_value_get_string(v).map { String(cString: $0) } } ?? nil
}

@MainActor
private func offers(_ provider: UnsafeMutablePointer<GdkContentProvider>, _ type: GType) -> Bool {
    let formats = gdk_content_provider_ref_formats(provider)!
    defer { gdk_content_formats_unref(formats) }
    return gdk_content_formats_contain_gtype(formats, type) != 0
}

/// Dragging items out (the content GTK's drag source gets, and a real drag to another
/// window) and dropping onto the view from another window (a real XDND drag under Xvfb).
final class DragAndDropTests: XCTestCase {

    /// The content a drag starting at a point carries: the item's text, files and picture;
    /// the whole selection when the item is selected with others; nothing on empty space, for
    /// an item the delegate gives nothing for, or while the view reorders items itself.
    func testADragCarriesItsItemsContent() { MainActor.assumeIsolated {
        let (cv, d, window) = open(count: 10) { cv, d in
            cv.allowsMultipleSelection = true
            d.draggable = [1, 3, 4]
        }
        let dnd = cv.dragAndDrop
        let (x3, y3) = viewportPoint(3, cv)
        guard let provider = dnd.contentProvider(atViewportX: x3, y: y3) else { return XCTFail("item 3 gives no content") }
        XCTAssertTrue(offers(provider, GType(16 << 2)), "text")
        XCTAssertTrue(offers(provider, gdk_file_list_get_type()), "files")
        XCTAssertFalse(offers(provider, gdk_texture_get_type()), "no picture for an item without one")
        XCTAssertEqual(text(of: provider), "item 3")
        XCTAssertEqual(files(of: provider), ["/tmp/item-3.png"])
        g_object_unref(raw(provider))
        XCTAssertEqual(d.askedToDrag, [3])

        let (x5, y5) = viewportPoint(5, cv)
        XCTAssertNil(dnd.contentProvider(atViewportX: x5, y: y5), "the delegate gives nothing for item 5")
        XCTAssertNil(dnd.contentProvider(atViewportX: 700, y: 500), "empty space starts no drag")

        // A picture: the texture provider.
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 8, 8)!
        gdk_pixbuf_fill(pixbuf, 0xff00_00ff)
        let texture = gdk_texture_new_for_pixbuf(pixbuf)!
        g_object_unref(raw(pixbuf))
        d.textures[4] = texture
        let (x4, y4) = viewportPoint(4, cv)
        let withPicture = dnd.contentProvider(atViewportX: x4, y: y4)!
        XCTAssertTrue(offers(withPicture, gdk_texture_get_type()), "a picture")
        let got = value(of: withPicture, gdk_texture_get_type()) { g_value_get_object($0) }
        XCTAssertEqual(got.map { OpaquePointer($0) }, texture)
        g_object_unref(raw(withPicture))
        d.textures = [:]
        g_object_unref(raw(texture))

        // The selection goes along when the dragged item is selected; not when it is not.
        cv.selectItem(at: p(1), animated: false, scrollPosition: [])
        cv.selectItem(at: p(3), animated: false, scrollPosition: [])
        let both = dnd.contentProvider(atViewportX: x3, y: y3)!
        XCTAssertEqual(text(of: both), "item 3\nitem 1", "the dragged item first, then the rest of the selection")
        XCTAssertEqual(files(of: both), ["/tmp/item-3.png", "/tmp/item-1.png"])
        g_object_unref(raw(both))
        let alone = dnd.contentProvider(atViewportX: x4, y: y4)!
        XCTAssertEqual(text(of: alone), "item 4", "an unselected item drags alone")
        g_object_unref(raw(alone))

        // Reordering owns drags from the items it can move; the others still drag out.
        cv.installsStandardGestureForInteractiveMovement = true
        d.movable = [3]
        XCTAssertNil(dnd.contentProvider(atViewportX: x3, y: y3), "no drag-out of an item the view reorders")
        let still = dnd.contentProvider(atViewportX: x4, y: y4)
        XCTAssertNotNil(still, "an item the data source cannot move drags out")
        if let still { g_object_unref(raw(still)) }
        cv.installsStandardGestureForInteractiveMovement = false
        cv.dragDelegate = nil
        XCTAssertNil(dnd.contentProvider(atViewportX: x3, y: y3), "no drag without a drag delegate")
        GtkHarness.close(window)
    } }

    /// A real drag from another window: over an item's leading half the gap is at its index,
    /// over its trailing half after it; over an album the album is highlighted instead; the
    /// drop performs at the last destination with the copy operation, the files and text load,
    /// and the gap and highlight go.
    func testADropFromAnotherWindowProposesOpensAGapAndPerforms() { MainActor.assumeIsolated {
        let (cv, d, window) = open(count: 20)
        // The second file's name is Latin-1 "café.png" (0xE9 for é): not UTF-8, legal on Linux.
        let source = DragSourceWindow(items: [DragItem(text: "a photo", filePaths: ["/tmp/dropped-photo.png"], fileURIs: ["file:///tmp/caf%E9.png"])])
        defer { source.close() }
        let target = GtkHarness.xid(of: window)

        source.beginDrag()
        DragSourceWindow.move(to: windowPoint(9, cv, fx: 0.25), in: target)
        XCTAssertEqual(d.entered, 1, "the drag entered the view")
        XCTAssertNotNil(cv.currentDropSession, "the view holds the drag's session")
        XCTAssertEqual(cv.currentDropSession?.canLoadFiles, true)
        XCTAssertEqual(cv.currentDropSession?.canLoadText, true)
        XCTAssertEqual(cv.currentDropSession?.canLoadTexture, false)
        XCTAssertEqual(cv.currentDropSession?.mimeTypes.contains("text/uri-list"), true, "files as other apps see them")
        XCTAssertEqual(cv.currentDropSession?.allowedOperations, [.copy, .move])
        XCTAssertEqual(d.updates.last, p(9), "leading half: insert before item 9")
        XCTAssertEqual(cv.dropGapIndexPath, p(9), "the gap opens there")
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 21, "the view makes room")
        XCTAssertNil(cv.cellForItem(at: p(9)), "the gap has no cell")

        // Item 9 now shows at 10, past the gap; its trailing half inserts after it.
        DragSourceWindow.move(to: layoutWindowPoint(10, cv, fx: 0.8), in: target)
        XCTAssertEqual(d.updates.last, p(10), "trailing half: insert after item 9")
        XCTAssertEqual(cv.dropGapIndexPath, p(10))
        DragSourceWindow.move(to: layoutWindowPoint(10, cv, fx: 0.3), in: target)
        XCTAssertEqual(d.updates.last, p(10), "over the gap itself the place stays")

        DragSourceWindow.move(to: layoutWindowPoint(0, cv, fx: 0.5), in: target)
        XCTAssertEqual(cv.dropTargetItem, p(0), "over the album the drop goes into it")
        XCTAssertNil(cv.dropGapIndexPath, "and no gap opens")
        let album = cv.cellForItem(at: p(0))!.widget
        XCTAssertEqual(gtk_widget_has_css_class(album, "drop-target"), 1, "the album is highlighted")

        DragSourceWindow.move(to: layoutWindowPoint(9, cv, fx: 0.8), in: target)
        XCTAssertEqual(gtk_widget_has_css_class(album, "drop-target"), 0, "the highlight follows the pointer")
        DragSourceWindow.release()
        GtkHarness.wait(for: "the drop to end") { d.ends > 0 }
        XCTAssertEqual(d.performed.count, 1, "one drop")
        XCTAssertEqual(d.performed.first?.0, p(10), "at the last destination")
        XCTAssertEqual(d.performed.first?.1, .copy, "copied")
        XCTAssertEqual(d.loadedURIs, [["file:///tmp/dropped-photo.png", "file:///tmp/caf%E9.png"]],
                       "the files loaded before the drop finished, every name's bytes kept")
        XCTAssertEqual(d.loaded.first?.first, "/tmp/dropped-photo.png", "and as paths")
        XCTAssertEqual(d.loadedText, ["a photo"])
        XCTAssertEqual(d.ends, 1)
        XCTAssertEqual(d.exits, 0, "a drop is not an exit")
        XCTAssertNil(cv.dropGapIndexPath, "the gap closes")
        XCTAssertNil(cv.currentDropSession)
        GtkHarness.wait(for: "the source to hear the drag ended") { !source.endedActions.isEmpty }
        XCTAssertEqual(source.endedActions, [GDK_ACTION_COPY.rawValue], "the source hears the copy")
        GtkHarness.close(window)
    } }

    /// A drag the delegate cannot handle gets no proposal and no drop; one that leaves exits.
    func testARefusedDragAndADragThatLeaves() { MainActor.assumeIsolated {
        let (cv, d, window) = open(count: 20) { _, d in d.handles = false }
        let source = DragSourceWindow(items: [DragItem(filePaths: ["/tmp/dropped-photo.png"])])
        defer { source.close() }
        let target = GtkHarness.xid(of: window)
        source.beginDrag()
        DragSourceWindow.move(to: windowPoint(9, cv), in: target)
        XCTAssertEqual(d.updates.count, 0, "no proposal for a drag the delegate cannot handle")
        XCTAssertNil(cv.dropGapIndexPath)
        DragSourceWindow.release()
        XCTAssertEqual(d.performed.count, 0, "no drop")

        d.handles = true
        source.beginDrag()
        DragSourceWindow.move(to: windowPoint(9, cv), in: target)
        XCTAssertEqual(d.entered, 1)
        XCTAssertNotNil(cv.dropGapIndexPath)
        // Back to the source window, out of the view: the drag exits and the gap closes.
        DragSourceWindow.move(to: (100, 100), in: GtkHarness.xid(of: source.window))
        XCTAssertEqual(d.exits, 1, "the drag left")
        XCTAssertEqual(d.ends, 1)
        XCTAssertNil(cv.dropGapIndexPath, "the gap closes when the drag leaves")
        DragSourceWindow.release()
        XCTAssertEqual(d.performed.count, 0)
        GtkHarness.close(window)
    } }

    /// A drop held near the bottom edge scrolls the view, and the destination follows the
    /// content under the pointer; in the middle the view stays put; near the top it scrolls back.
    func testADropHeldNearAnEdgeScrolls() { MainActor.assumeIsolated {
        let (cv, d, window) = open(count: 140)  // 20 rows of 100 in 600
        let source = DragSourceWindow(items: [DragItem(filePaths: ["/tmp/dropped-photo.png"])])
        defer { source.close() }
        let target = GtkHarness.xid(of: window)
        let height = cv.bounds.height
        source.beginDrag()
        DragSourceWindow.move(to: GtkHarness.windowPoint(of: cv.viewport, x: 350, y: height / 2), in: target)
        let still = cv.contentOffset.y
        GtkHarness.waitForFrames(10, of: cv.viewport)  // the autoscroll steps on frames
        XCTAssertEqual(cv.contentOffset.y, still, "the middle does not scroll")
        XCTAssertEqual(still, 0)

        DragSourceWindow.move(to: GtkHarness.windowPoint(of: cv.viewport, x: 350, y: height - 8), in: target)
        GtkHarness.wait(for: "the view to scroll down by more than 150") { cv.contentOffset.y > 150 }
        let scrolled = cv.contentOffset.y
        XCTAssertGreaterThan(scrolled, 150, "near the bottom edge the view scrolls down")
        // Where the pointer is now in the content, without moving it since the scroll.
        let expected = cv.dragAndDrop.destination(at: Point(x: 350, y: scrolled + height - 8), in: cv).insertion
        XCTAssertEqual(d.updates.last ?? nil, expected, "the destination follows the content under the pointer")
        XCTAssertGreaterThan(expected?.item ?? 0, 42, "below the rows the viewport first showed")
        XCTAssertEqual(cv.dropGapIndexPath, d.updates.last ?? nil)

        DragSourceWindow.move(to: GtkHarness.windowPoint(of: cv.viewport, x: 350, y: height / 2), in: target)
        let stopped = cv.contentOffset.y
        GtkHarness.waitForFrames(10, of: cv.viewport)
        XCTAssertEqual(cv.contentOffset.y, stopped, "back in the middle it stops")

        DragSourceWindow.move(to: GtkHarness.windowPoint(of: cv.viewport, x: 350, y: 6), in: target)
        GtkHarness.wait(for: "the view to scroll up") { cv.contentOffset.y < stopped }
        XCTAssertLessThan(cv.contentOffset.y, stopped, "near the top it scrolls up")
        DragSourceWindow.move(to: (100, 100), in: GtkHarness.xid(of: source.window))
        let left = cv.contentOffset.y
        GtkHarness.waitForFrames(10, of: cv.viewport)
        XCTAssertEqual(cv.contentOffset.y, left, "a drag that left scrolls nothing")
        DragSourceWindow.release()
        GtkHarness.close(window)
    } }

    /// Dragging an item out to another window: the real drag carries what the delegate gave;
    /// an item it gives nothing for starts no drag.
    func testDraggingAnItemOutToAnotherWindow() { MainActor.assumeIsolated {
        let (cv, d, window) = open(count: 10) { _, d in d.draggable = [2] }
        let receiver = DropReceiverWindow()
        defer { receiver.close() }
        // An item the delegate gives nothing for: asked once for the whole press, however far
        // it moves, and nothing arrives.
        GtkHarness.pointer(window, at: windowPoint(5, cv), then: ["mousedown", "1"])
        GtkHarness.xdotool(["mousemove_relative", "--", "30", "0", "sleep", "0.05", "mousemove_relative", "--", "30", "0",
                            "sleep", "0.05", "mousemove_relative", "--", "30", "0"])
        DragSourceWindow.release()
        XCTAssertEqual(d.askedToDrag, [5], "asked once per press")
        XCTAssertEqual(receiver.received, [])
        d.askedToDrag = []

        GtkHarness.pointer(window, at: windowPoint(2, cv), then: ["mousedown", "1"])
        GtkHarness.xdotool(["mousemove_relative", "--", "30", "0", "sleep", "0.05", "mousemove_relative", "--", "30", "0"])
        DragSourceWindow.move(to: (100, 100), in: receiver.id)
        DragSourceWindow.release()
        GtkHarness.wait(for: "the receiver's drop") { !receiver.received.isEmpty }
        XCTAssertEqual(receiver.received, [["/tmp/item-2.png"]], "the receiver got the item's file")
        XCTAssertEqual(d.askedToDrag, [2])
        XCTAssertEqual(cv.indexPathsForSelectedItems, [], "a drag does not select")
        GtkHarness.close(window)
    } }
}
