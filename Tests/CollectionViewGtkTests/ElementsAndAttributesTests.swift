import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A flow layout with a decoration view behind each section, as an app would write it.
@MainActor
final class BackdropFlowLayout: FlowLayout {
    static let backdrop = "backdrop"
    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result = super.layoutAttributesForElements(in: rect)
        let sections = Set(result.map(\.indexPath.section))
        for s in sections.sorted() {
            if let a = layoutAttributesForDecorationView(ofKind: Self.backdrop, at: IndexPath(index: s)), a.frame.intersects(rect) { result.append(a) }
        }
        return result
    }
    override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        guard elementKind == Self.backdrop, let host = collectionView, indexPath.section < host.numberOfSections else { return nil }
        let count = host.numberOfItems(inSection: indexPath.section)
        guard count > 0, let first = layoutAttributesForItem(at: IndexPath(item: 0, section: indexPath.section)),
              let last = layoutAttributesForItem(at: IndexPath(item: count - 1, section: indexPath.section)) else { return nil }
        let a = LayoutAttributes(forDecorationViewOfKind: elementKind, with: indexPath)
        a.frame = Rect(x: 4, y: first.frame.minY - 4, width: host.bounds.width - 8, height: last.frame.maxY - first.frame.minY + 8)
        a.zIndex = -1
        return a
    }
}

final class ElementsAndAttributesTests: XCTestCase {
    /// Headers, footers and decoration views appear where the layout puts them, each from its
    /// own queue, and decorations draw behind the cells.
    func testHeadersFootersAndDecorationsWhereTheLayoutPutsThem() { MainActor.assumeIsolated {
        let source = GridSource(counts: [7, 3, 20])
        let layout = BackdropFlowLayout()
        layout.headerReferenceSize = Size(width: 0, height: 40)
        layout.footerReferenceSize = Size(width: 0, height: 20)
        layout.register(LabelView.self, forDecorationViewOfKind: BackdropFlowLayout.backdrop)
        let cv = makeCollectionView(layout, source)
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }

        XCTAssertEqual(cv.indexPathsForVisibleSupplementaryElements(ofKind: CollectionView.elementKindSectionHeader),
                       [IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 1), IndexPath(item: 0, section: 2)])
        for kind in [CollectionView.elementKindSectionHeader, CollectionView.elementKindSectionFooter] {
            for view in cv.visibleSupplementaryViews(ofKind: kind) {
                let path = (view as! LabelView).shownPath!
                let frame = layout.layoutAttributesForSupplementaryView(ofKind: kind, at: path)!.frame
                XCTAssertEqual(GtkHarness.bounds(of: view.widget, in: cv.viewport), frame, "\(kind) \(path)")
            }
        }
        let backdrops = cv.visibleDecorationViews(ofKind: BackdropFlowLayout.backdrop)
        XCTAssertEqual(backdrops.count, 3)
        GtkHarness.screenshot(cv.viewport, name: "supplementary-and-decoration")
        for view in backdrops {
            let key = view.elementKey!
            XCTAssertEqual(GtkHarness.bounds(of: view.widget, in: cv.viewport),
                           layout.layoutAttributesForDecorationView(ofKind: BackdropFlowLayout.backdrop, at: key.indexPath)!.frame)
            // Drawn before (below) every cell: zIndex -1.
            let drawn = cv.drawnViews()
            let index = drawn.firstIndex { $0 === view }!
            for s in drawn[..<index] {
                XCTAssertFalse(cv.visibleCells.contains { $0 === s }, "a cell draws below a backdrop")
            }
        }
        // Supplementary and decoration views have queues of their own: scrolling them away and
        // back reuses them.
        let created = cv.reuseStatistics.created
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: 10_000) }
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: 0) }
        XCTAssertEqual(cv.reuseStatistics.created, created)
    }}

    /// Transform (with perspective), alpha, zIndex and hidden reach the widgets.
    func testTransformAlphaZIndexAndHiddenReachTheWidgets() { MainActor.assumeIsolated {
        let source = GridSource(counts: [4])
        let layout = FixedLayout()
        func cell(_ item: Int, _ frame: Rect) -> LayoutAttributes {
            let a = LayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            a.frame = frame
            return a
        }
        let scaled = cell(0, Rect(x: 100, y: 100, width: 50, height: 50))
        scaled.transform3D = Transform3D(scaleX: 2, y: 2)
        scaled.zIndex = 5
        let faded = cell(1, Rect(x: 120, y: 120, width: 50, height: 50))
        faded.alpha = 0.25
        let hidden = cell(2, Rect(x: 300, y: 100, width: 50, height: 50))
        hidden.isHidden = true
        let tilted = cell(3, Rect(x: 400, y: 300, width: 100, height: 100))
        tilted.transform3D = Transform3D(perspectiveDistance: 500).concatenating(.identity)
            .rotated(by: 0.6, x: 0, y: 1, z: 0)
        layout.attributes = [scaled, faded, hidden, tilted]
        let cv = makeCollectionView(layout, source)
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }

        let c0 = cv.cellForItem(at: IndexPath(item: 0, section: 0))!
        // Scaled by 2 about its centre (125, 125): 100x100 from (75, 75).
        XCTAssertEqual(GtkHarness.bounds(of: c0.widget, in: cv.viewport), Rect(x: 75, y: 75, width: 100, height: 100))
        let c1 = cv.cellForItem(at: IndexPath(item: 1, section: 0))!
        XCTAssertEqual(gtk_widget_get_opacity(c1.widget), 0.25, accuracy: 1.0 / 255, "GTK keeps opacity in 1/255 steps")
        XCTAssertNil(cv.cellForItem(at: IndexPath(item: 2, section: 0)), "hidden elements get no view")
        // zIndex 5 draws above the zIndex 0 cells: last.
        XCTAssertTrue(cv.drawnViews().last === c0)
        // The tilted cell turns about its vertical axis: narrower, same centre, with the near
        // edge taller than the far one.
        let c3 = cv.cellForItem(at: IndexPath(item: 3, section: 0))!
        let b3 = GtkHarness.bounds(of: c3.widget, in: cv.viewport)!
        XCTAssertLessThan(b3.width, 95)
        XCTAssertEqual(b3.midX, 450, accuracy: 15)
        XCTAssertGreaterThan(b3.height, 100, "perspective makes the nearer edge larger")
        GtkHarness.screenshot(cv.viewport, name: "attributes")

        // Changing zIndex restacks; unchanged attributes are not applied again.
        let applied = cv.appliedLayoutAttributes(for: .cell(IndexPath(item: 1, section: 0)))
        let moved = faded.copy()
        moved.zIndex = 9
        layout.attributes = [scaled, moved, hidden, tilted]
        GtkHarness.settle(cv) { layout.invalidateLayout() }
        let drawn = cv.drawnViews()
        XCTAssertTrue(drawn.last === c1, "zIndex 9 now draws last")
        XCTAssertTrue(drawn.dropLast().last === c0)
        XCTAssertTrue(cv.appliedLayoutAttributes(for: .cell(IndexPath(item: 0, section: 0))) === scaled,
                      "equal attributes are not re-applied")
        XCTAssertFalse(applied === cv.appliedLayoutAttributes(for: .cell(IndexPath(item: 1, section: 0))))
    }}

    /// Custom attribute subclasses reach the view's apply(_:).
    func testCustomAttributesReachApply() { MainActor.assumeIsolated {
        final class TintAttributes: LayoutAttributes {
            var tint = 0
            override func copy(indexPath: IndexPath) -> LayoutAttributes {
                let c = super.copy(indexPath: indexPath) as! TintAttributes
                c.tint = tint
                return c
            }
            override func isEqual(to other: LayoutAttributes) -> Bool {
                super.isEqual(to: other) && (other as? TintAttributes)?.tint == tint
            }
        }
        final class TintCell: CollectionViewCell {
            var tints: [Int] = []
            override func apply(_ layoutAttributes: LayoutAttributes) {
                if let t = layoutAttributes as? TintAttributes { tints.append(t.tint) }
            }
        }
        final class TintSource: CollectionViewDataSource {
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 1 }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "tint", for: indexPath)
            }
        }
        let layout = FixedLayout()
        let a = TintAttributes(forCellWith: IndexPath(item: 0, section: 0))
        a.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        a.tint = 3
        layout.attributes = [a]
        let cv = bareCollectionView(layout)
        cv.register(TintCell.self, forCellWithReuseIdentifier: "tint")
        let source = TintSource()
        cv.dataSource = source
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        let cell = cv.cellForItem(at: IndexPath(item: 0, section: 0)) as! TintCell
        XCTAssertEqual(cell.tints, [3])
        let b = a.copy() as! TintAttributes
        b.tint = 4
        layout.attributes = [b]
        GtkHarness.settle(cv) { layout.invalidateLayout() }
        XCTAssertEqual(cell.tints, [3, 4], "a change in the subclass property counts as a change")
    }}

    /// GtkBuilder templates: a string, a file, and a broken one with a clear error.
    func testTemplatesFromStringAndFile() throws { try MainActor.assumeIsolated {
        let xml = """
        <interface><object class="GtkBox" id="root"><child><object class="GtkLabel" id="title"><property name="label">Hello</property></object></child></object></interface>
        """
        let cv = bareCollectionView(FlowLayout())
        cv.register(template: .string(xml), forCellWithReuseIdentifier: "t")
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "t", for: IndexPath(item: 0, section: 0))
        let label = try XCTUnwrap(cell.templateObject(named: "title"))
        XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(label))), "Hello")
        let root = try XCTUnwrap(cell.templateObject(named: "root"))
        XCTAssertEqual(gtk_widget_get_parent(root.assumingMemoryBound(to: GtkWidget.self)), cell.contentView)

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cv-template-\(getpid()).ui").path
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        cv.register(template: .file(path), viewClass: ReusableView.self, forSupplementaryViewOfKind: "badge", withReuseIdentifier: "b")
        let badge = cv.dequeueReusableSupplementaryView(ofKind: "badge", withReuseIdentifier: "b", for: IndexPath(item: 0, section: 0))
        XCTAssertNotNil(badge.templateObject(named: "title"))

        cv.register(template: .string("<interface><object class=\"GtkBox\" id=\"other\"/></interface>"), forCellWithReuseIdentifier: "noroot")
        XCTAssertThrowsError(try cv.dequeue(ReuseQueueKey(category: .cell, identifier: "noroot"))) { error in
            XCTAssertEqual("\(error)", "the template string (root 'root') has no widget with id 'root'")
        }
        cv.register(template: .file("/nonexistent/cell.ui"), forCellWithReuseIdentifier: "missing")
        XCTAssertThrowsError(try cv.dequeue(ReuseQueueKey(category: .cell, identifier: "missing"))) { error in
            XCTAssertTrue("\(error)".hasPrefix("could not load the template file '/nonexistent/cell.ui' (root 'root'): "), "\(error)")
        }
    }}

    /// Dequeuing an unregistered identifier names the identifier and its kind.
    func testUnregisteredIdentifierMessage() throws { try MainActor.assumeIsolated {
        let cv = bareCollectionView(FlowLayout())
        XCTAssertThrowsError(try cv.dequeue(ReuseQueueKey(category: .cell, identifier: "photo"))) { error in
            XCTAssertEqual("\(error)", "could not dequeue a cell with identifier 'photo': nothing is registered for it. Register a class or template with register(_:forCellWithReuseIdentifier:) or register(template:...) first.")
        }
        XCTAssertThrowsError(try cv.dequeue(ReuseQueueKey(category: .supplementaryView, kind: "header", identifier: "h"))) { error in
            XCTAssertTrue("\(error)".hasPrefix("could not dequeue a supplementary view of kind 'header' with identifier 'h'"))
        }
    }}

    /// A layout that names a decoration kind nobody registered is reported, and the rest shows.
    func testUnregisteredDecorationIsReportedNotFatal() { MainActor.assumeIsolated {
        let source = GridSource(counts: [5])
        let layout = BackdropFlowLayout()
        let cv = makeCollectionView(layout, source)
        var errors: [CollectionViewError] = []
        cv.errorHandler = { errors.append($0) }
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        XCTAssertEqual(cv.indexPathsForVisibleItems.count, 5)
        XCTAssertTrue(errors.contains { "\($0)".hasPrefix("could not dequeue a decoration view of kind 'backdrop'") }, "\(errors)")
    }}
}

/// The transforms GTK applies match the layout's Transform3D point for point, for 2D affine
/// transforms (given to GSK as steps) and 3D ones (given as a matrix).
final class PlacementTests: XCTestCase {
    func testGtkPlacesCornersWhereTransform3DSays() { MainActor.assumeIsolated {
        precondition(GtkHarness.available)
        let transforms: [Transform3D] = [
            Transform3D(scaleX: 2, y: 0.5),
            Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1),
            Transform3D(rotationAngle: -2.2, x: 0, y: 0, z: 1).scaledBy(x: 1.5, y: 0.7),
            Transform3D(scaleX: 1.3, y: 0.8).concatenating(Transform3D(rotationAngle: 0.9, x: 0, y: 0, z: 1))
                .concatenating(Transform3D(translationX: 7, y: -3)),
            Transform3D(rowMajor: [1, 0, 0, 0, 0.4, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),  // a shear
            Transform3D(rotationAngle: 0.6, x: 0, y: 1, z: 0).concatenating(Transform3D(perspectiveDistance: 400)),
        ]
        let parent = gtk_fixed_new()!
        g_object_ref_sink(raw(parent))
        defer { g_object_unref(raw(parent)) }
        for t in transforms {
            let child = gtk_label_new("x")!
            gtk_widget_set_parent(child, parent)
            let attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
            attributes.frame = Rect(x: 100, y: 50, width: 80, height: 40)
            attributes.transform3D = t
            Placement().place(child, attributes, origin: Point(x: 10, y: 20))
            for (x, y) in [(0.0, 0.0), (80.0, 0.0), (0.0, 40.0), (80.0, 40.0)] {
                var p = graphene_point_t(x: Float(x), y: Float(y)), out = graphene_point_t()
                XCTAssertNotEqual(gtk_widget_compute_point(child, parent, &p, &out), 0)
                // Expected: about the centre (40, 20), then to (100 - 10, 50 - 20).
                let mapped = t.apply(to: (x - 40, y - 20, 0))!
                XCTAssertEqual(Double(out.x), mapped.x + 40 + 90, accuracy: 0.01, "\(t) corner (\(x), \(y))")
                XCTAssertEqual(Double(out.y), mapped.y + 20 + 30, accuracy: 0.01, "\(t) corner (\(x), \(y))")
            }
            gtk_widget_unparent(child)
        }
    }}
}
