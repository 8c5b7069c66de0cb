/// A batch update that does not add up, with the rule it broke in words like UIKit's (UIKit
/// raises `NSInternalInconsistencyException` instead). ``UpdateValidation`` throws it.
public struct BatchUpdateError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Which rule, for code that wants to tell them apart.
    public enum Rule: String, Sendable, CaseIterable {
        /// The number of sections after the batch is not the number before, plus inserted,
        /// minus deleted.
        case sectionCount
        /// A section that stays (neither deleted nor reloaded) has an item count after the
        /// batch that is not its count before, plus inserted and moved in, minus deleted and
        /// moved out.
        case itemCount
        /// A deleted, reloaded or moved section does not exist before the batch, or an inserted
        /// section or a move's destination does not exist after it.
        case sectionOutOfRange
        /// An item path does not have two indexes, or is outside its section on its side of the
        /// batch (before it for deletes, reloads and move sources; after it for inserts and move
        /// destinations).
        case itemOutOfRange
        /// A section takes part in more than one change (say deleted and moved), or two
        /// inserts or moves end at the same section.
        case duplicateSection
        /// An item takes part in more than one change, or two inserts or moves end at the
        /// same index path.
        case duplicateItem
        /// An item change falls in a section that is itself deleted, inserted or reloaded in
        /// the same batch: that section's items change as a whole.
        case itemInChangedSection
    }

    /// The rule the batch broke.
    public let rule: Rule
    /// What is wrong, naming the sections, items and counts involved, in UIKit's words.
    public let message: String

    /// The message as UIKit prints it: "Invalid update: " and then ``message``.
    public var description: String { "Invalid update: " + message }
}
