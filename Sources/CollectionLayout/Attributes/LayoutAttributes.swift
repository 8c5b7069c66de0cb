import FoundationEssentials

/// Where and how one element of a collection is shown: the layout's answer for a cell, a
/// supplementary view or a decoration view (`UICollectionViewLayoutAttributes`).
///
/// Subclass it to carry more; then override `copy()` and `isEqual(to:)` (calling `super`), because
/// the view copies attributes for animations and compares them to skip re-applying the same
/// values.
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
    /// Drawing order: higher values draw above lower ones; equal values keep insertion order.
    public var zIndex: Int = 0
    /// Hidden elements get no view.
    public var isHidden: Bool = false

    public let indexPath: IndexPath
    public let representedElementCategory: ElementCategory
    /// The supplementary or decoration kind; nil for cells.
    public let representedElementKind: String?

    public required init(category: ElementCategory, kind: String?, indexPath: IndexPath) {
        self.representedElementCategory = category
        self.representedElementKind = category == .cell ? nil : kind
        self.indexPath = indexPath
        self.frame = .zero
    }

    /// Attributes for the cell at `indexPath`.
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init(category: .cell, kind: nil, indexPath: indexPath)
    }

    /// Attributes for the supplementary view of `kind` at `indexPath`.
    public convenience init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath) {
        self.init(category: .supplementaryView, kind: kind, indexPath: indexPath)
    }

    /// Attributes for the decoration view of `kind` at `indexPath`.
    public convenience init(forDecorationViewOfKind kind: String, with indexPath: IndexPath) {
        self.init(category: .decorationView, kind: kind, indexPath: indexPath)
    }

    /// The element these attributes describe.
    public var elementKey: ElementKey {
        ElementKey(category: representedElementCategory, kind: representedElementKind, indexPath: indexPath)
    }

    /// A copy of the same dynamic type. Subclasses call `super.copy()` and copy their own fields.
    open func copy() -> LayoutAttributes {
        copy(indexPath: indexPath)
    }

    /// A copy that describes the element at another index path (the animator's remapping).
    open func copy(indexPath newPath: IndexPath) -> LayoutAttributes {
        let c = type(of: self).init(
            category: representedElementCategory, kind: representedElementKind, indexPath: newPath)
        c.frame = frame
        c.transform3D = transform3D
        c.alpha = alpha
        c.zIndex = zIndex
        c.isHidden = isHidden
        return c
    }

    /// True when every property equals `other`'s. Subclasses add theirs and call `super`.
    open func isEqual(to other: LayoutAttributes) -> Bool {
        type(of: self) == type(of: other)
            && frame == other.frame && transform3D == other.transform3D
            && alpha == other.alpha && zIndex == other.zIndex && isHidden == other.isHidden
            && indexPath == other.indexPath
            && representedElementCategory == other.representedElementCategory
            && representedElementKind == other.representedElementKind
    }

    open var description: String {
        var s = "<\(type(of: self)) \(elementKey) frame=\(frame)"
        if alpha != 1 { s += " alpha=\(alpha)" }
        if zIndex != 0 { s += " z=\(zIndex)" }
        if isHidden { s += " hidden" }
        if !transform3D.isIdentity { s += " transform=[\(transform3D)]" }
        return s + ">"
    }
}

extension LayoutAttributes: Equatable {
    public static func == (lhs: LayoutAttributes, rhs: LayoutAttributes) -> Bool {
        lhs.isEqual(to: rhs)
    }
}
