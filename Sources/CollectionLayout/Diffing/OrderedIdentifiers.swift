/// Identifiers in the order they were first added, each once, with O(1) membership: the
/// snapshot's reload and reconfigure lists.
struct OrderedIdentifiers<ID: Hashable & Sendable>: Sendable, Equatable {
    private(set) var elements: [ID] = []
    private var members: Set<ID> = []

    /// Adds the identifiers not already there, at the end.
    ///
    /// - Complexity: O(k) for k identifiers.
    mutating func append(contentsOf ids: some Sequence<ID>) {
        for id in ids where members.insert(id).inserted { elements.append(id) }
    }

    /// Drops every identifier in `gone`.
    ///
    /// - Complexity: O(n) for n identifiers here, O(1) when none of them is here.
    mutating func remove(_ gone: Set<ID>) {
        guard !members.isDisjoint(with: gone) else { return }
        members.subtract(gone)
        elements.removeAll { gone.contains($0) }
    }

    func contains(_ id: ID) -> Bool { members.contains(id) }

    static func == (a: Self, b: Self) -> Bool { a.elements == b.elements }
}
