/// A batch update that does not add up, with the rule it broke in words like UIKit's.
public struct BatchUpdateError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Which rule, for code that wants to tell them apart.
    public enum Rule: String, Sendable, CaseIterable {
        case sectionCount, itemCount
        case sectionOutOfRange, itemOutOfRange
        case duplicateSection, duplicateItem
        case itemInChangedSection
    }

    public let rule: Rule
    public let message: String

    public var description: String { "Invalid update: " + message }
}
