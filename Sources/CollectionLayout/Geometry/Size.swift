/// A width and a height, in logical pixels (`CGSize`).
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// No width and no height (`CGSize.zero`).
    public static let zero = Size(width: 0, height: 0)

    /// A size with the given extents.
    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size as `WIDTHxHEIGHT`.
    public var description: String { "\(width)x\(height)" }
}
