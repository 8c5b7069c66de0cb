import CollectionLayout

/// A layout that places exactly the elements it is given, by key, so update tests can say
/// what each side shows without any geometry rules. Its appearing and disappearing attributes
/// are the base class's (transparent copies) with a z-index that names the method that made
/// them, so a test can tell them from the record's own fallbacks.
@MainActor
final class KeyedLayout: CollectionViewLayout {
    var frames: [ElementKey: Rect]
    /// When false, the initial (appearing) methods answer nil.
    var hasInitial = true
    /// When false, the final (disappearing) methods answer nil.
    var hasFinal = true

    /// The z-index markers: initial and final attributes, per category.
    static let initialMark: [ElementCategory: Int] = [.cell: 1, .supplementaryView: 11, .decorationView: 21]
    static let finalMark: [ElementCategory: Int] = [.cell: 2, .supplementaryView: 12, .decorationView: 22]

    init(_ frames: [ElementKey: Rect] = [:]) {
        self.frames = frames
        super.init()
    }

    func attributes(_ key: ElementKey) -> LayoutAttributes? {
        guard let frame = frames[key] else { return nil }
        let a = LayoutAttributes(category: key.category, kind: key.kind, indexPath: key.indexPath)
        a.frame = frame
        return a
    }

    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        frames.keys.compactMap { attributes($0) }.filter { $0.frame.intersects(rect) }
    }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { attributes(.cell(indexPath)) }
    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        attributes(.supplementary(elementKind, indexPath))
    }
    override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        attributes(.decoration(elementKind, indexPath))
    }

    private func marked(_ a: LayoutAttributes?, _ z: Int?, _ enabled: Bool) -> LayoutAttributes? {
        guard enabled, let a else { return nil }
        a.zIndex = z ?? 0
        return a
    }

    override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
        marked(super.initialLayoutAttributesForAppearingItem(at: itemIndexPath), Self.initialMark[.cell], hasInitial)
    }
    override func initialLayoutAttributesForAppearingSupplementaryElement(ofKind elementKind: String, at elementIndexPath: IndexPath) -> LayoutAttributes? {
        marked(super.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: elementKind, at: elementIndexPath),
               Self.initialMark[.supplementaryView], hasInitial)
    }
    override func initialLayoutAttributesForAppearingDecorationElement(ofKind elementKind: String, at decorationIndexPath: IndexPath) -> LayoutAttributes? {
        marked(super.initialLayoutAttributesForAppearingDecorationElement(ofKind: elementKind, at: decorationIndexPath),
               Self.initialMark[.decorationView], hasInitial)
    }
    override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
        marked(super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath), Self.finalMark[.cell], hasFinal)
    }
    override func finalLayoutAttributesForDisappearingSupplementaryElement(ofKind elementKind: String, at elementIndexPath: IndexPath) -> LayoutAttributes? {
        marked(super.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: elementKind, at: elementIndexPath),
               Self.finalMark[.supplementaryView], hasFinal)
    }
    override func finalLayoutAttributesForDisappearingDecorationElement(ofKind elementKind: String, at decorationIndexPath: IndexPath) -> LayoutAttributes? {
        marked(super.finalLayoutAttributesForDisappearingDecorationElement(ofKind: elementKind, at: decorationIndexPath),
               Self.finalMark[.decorationView], hasFinal)
    }
}
