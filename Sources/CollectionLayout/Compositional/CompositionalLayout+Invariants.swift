/// What the prepared state relies on, checked in debug builds (tests call it after each step).
extension CompositionalLayout {
    /// Stops with a message when the prepared sections, their running sums or their measured
    /// groups disagree; does nothing in release builds.
    package func _checkInvariants() {
        #if DEBUG
        precondition(groupGrowth.count == sections.count && instances.count == sections.count, "per-section state out of step")
        precondition(sectionGrowth.count == sections.count, "section growth sums sized \(sectionGrowth.count) for \(sections.count) sections")
        var previousEnd = -Double.infinity
        for (index, s) in sections.enumerated() {
            let grown = sectionGrowth.sum(ofFirst: index + 1) - sectionGrowth.sum(ofFirst: index)
            precondition(s.start <= s.bodyStart + 1e-9 && s.bodyStart <= s.end + grown + 1e-9, "section \(index): start, body and end out of order")
            precondition(sectionStart(index) >= previousEnd - 1e-9, "section \(index) starts before section \(index - 1) ends")
            previousEnd = sectionEnd(index)
            precondition(s.perGroup == s.template.leaves.count, "section \(index): cells per group differ from its template")
            if s.perGroup > 0 {
                precondition(s.groupCount * s.perGroup >= s.itemCount && (s.groupCount - 1) * s.perGroup < max(1, s.itemCount),
                             "section \(index): \(s.groupCount) groups of \(s.perGroup) for \(s.itemCount) items")
            } else {
                precondition(s.groupCount == 0, "section \(index): groups without cells")
            }
            precondition(groupGrowth[index].count == 0 || groupGrowth[index].count == s.groupCount, "section \(index): group growth sized wrongly")
            for (group, solved) in instances[index] {
                precondition(group >= 0 && group < s.groupCount, "section \(index): measured group \(group) out of range")
                precondition(solved.leaves.count == s.perGroup, "section \(index): measured group \(group) has \(solved.leaves.count) cells")
            }
            precondition(!s.isOrthogonal || groupGrowth[index].count == 0, "section \(index) scrolls across but grew")
        }
        #endif
    }
}
