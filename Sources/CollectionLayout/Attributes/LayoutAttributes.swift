import FoundationEssentials

/// Where and how one element of a collection is shown: the layout's answer for a cell, a
/// supplementary view or a decoration view (`UICollectionViewLayoutAttributes`).
///
/// Subclass it to carry more; then override ``copy(indexPath:)`` and ``isEqual(to:)`` (calling
/// `super`), because the view copies attributes for animations and compares them to skip
/// re-applying the same values; and return the subclass from the layout's
/// ``CollectionViewLayout/layoutAttributesClass``. A view reads the extra properties in its
/// `apply(_:)` method.
///
/// Attributes are a class, as in UIKit: a layout that keeps attributes between passes hands
/// out copies when callers may change them.
open class LayoutAttributes: CustomStringConvertible {
    /// The element's frame in content coordinates, before `transform3D`.
    public var frame: Rect
    /// The frame's centre; setting it moves the frame.
    public var center: Point {
        get { frame.center }
        set { frame.center = newValue }
    }
    /// The frame's size; setting it keeps the centre, as in UIKit.
    public var size: Size {
        get { frame.size }
        set {
            let c = frame.center
            frame.size = newValue
            frame.center = c
        }
    }
    /// A 3D transform applied about the element's centre.
    public var transform3D: Transform3D = .identity
    /// Opacity from 0 (invisible) to 1.
    public var alpha: Double = 1
    /// Drawing order: higher values draw above lower ones. At equal values decoration views
    /// draw below cells and cells below supplementary views; the order among equals beyond
    /// that is not defined.
    public var zIndex: Int = 0
    /// Hidden elements get no view.
    public var isHidden: Bool = false
    /// Where a cell sits in a list section (``LayoutSection/list(using:layoutEnvironment:)``):
    /// the list's appearance and whether it is the section's first or last row, so its
    /// background can follow a card's rounded corners. A list section's header and footer have
    /// the appearance, neither first nor last. Nil outside lists.
    public var listPosition: ListRowPosition?

    /// The element's index path: (section, item) for a cell; for supplementary and decoration
    /// views, a path whose first index is the section.
    public let indexPath: IndexPath
    /// Whether these attributes are for a cell, a supplementary view or a decoration view.
    public let representedElementCategory: ElementCategory
    /// The supplementary or decoration kind; nil for cells.
    public let representedElementKind: String?

    /// Attributes for any element, with a zero frame and every other property at its default.
    /// A cell's `kind` is ignored. Subclasses that add stored properties must keep this
    /// initializer: ``copy(indexPath:)`` and the flow layout make attributes through it.
    public required init(category: ElementCategory, kind: String?, indexPath: IndexPath) {
        self.representedElementCategory = category
        self.representedElementKind = category == .cell ? nil : kind
        self.indexPath = indexPath
        self.frame = .zero
    }

    /// Attributes for the cell at `indexPath` (`init(forCellWith:)`).
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init(category: .cell, kind: nil, indexPath: indexPath)
    }

    /// Attributes for the supplementary view of `kind` at `indexPath`
    /// (`init(forSupplementaryViewOfKind:with:)`).
    public convenience init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath) {
        self.init(category: .supplementaryView, kind: kind, indexPath: indexPath)
    }

    /// Attributes for the decoration view of `kind` at `indexPath`
    /// (`init(forDecorationViewOfKind:with:)`).
    public convenience init(forDecorationViewOfKind kind: String, with indexPath: IndexPath) {
        self.init(category: .decorationView, kind: kind, indexPath: indexPath)
    }

    /// The element these attributes describe.
    public var elementKey: ElementKey {
        ElementKey(category: representedElementCategory, kind: representedElementKind, indexPath: indexPath)
    }

    /// A copy of the same dynamic type (`copy(with:)` in UIKit). It calls
    /// ``copy(indexPath:)``, so a subclass overrides that one.
    open func copy() -> LayoutAttributes {
        copy(indexPath: indexPath)
    }

    /// A copy of the same dynamic type that describes the element at `newPath` (the
    /// animator's remapping after a batch update). Subclasses call `super` and copy their own
    /// properties onto the result.
    open func copy(indexPath newPath: IndexPath) -> LayoutAttributes {
        let c = type(of: self).init(
            category: representedElementCategory, kind: representedElementKind, indexPath: newPath)
        c.frame = frame
        c.transform3D = transform3D
        c.alpha = alpha
        c.zIndex = zIndex
        c.isHidden = isHidden
        c.listPosition = listPosition
        return c
    }

    /// True when every property equals `other`'s and both have the same class (`isEqual(_:)`
    /// in UIKit). Subclasses compare their own properties and call `super`.
    open func isEqual(to other: LayoutAttributes) -> Bool {
        type(of: self) == type(of: other)
            && frame == other.frame && transform3D == other.transform3D
            && alpha == other.alpha && zIndex == other.zIndex && isHidden == other.isHidden
            && listPosition == other.listPosition
            && indexPath == other.indexPath
            && representedElementCategory == other.representedElementCategory
            && representedElementKind == other.representedElementKind
    }

    /// The class, the element and every property that is not at its default.
    open var description: String {
        var s = "<\(type(of: self)) \(elementKey) frame=\(frame)"
        if alpha != 1 { s += " alpha=\(alpha)" }
        if zIndex != 0 { s += " z=\(zIndex)" }
        if isHidden { s += " hidden" }
        if let listPosition { s += " list=\(listPosition)" }
        if !transform3D.isIdentity { s += " transform=[\(transform3D)]" }
        return s + ">"
    }
}

extension LayoutAttributes: Equatable {
    /// True when `lhs.isEqual(to: rhs)`: override ``isEqual(to:)``, not this.
    public static func == (lhs: LayoutAttributes, rhs: LayoutAttributes) -> Bool {
        lhs.isEqual(to: rhs)
    }
}
