/// A Swift closure as a reference, to pass through a C callback's user data (`gpointer`): a
/// `@convention(c)` function cannot capture, so the closure rides in a retained box.
final class ClosureBox<F>: @unchecked Sendable {
    let function: F
    init(_ function: F) { self.function = function }
}

/// The closure in the box a callback got as its user data (the box stays retained).
func unbox<F>(_ data: UnsafeMutableRawPointer?) -> F {
    (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! ClosureBox<F>).function
}
