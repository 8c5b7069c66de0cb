/// Lengths from configurations as GTK takes them: whole pixels, never negative, at most what a
/// widget's margin can hold (GTK refuses margins past 32767), and 0 for NaN or infinity, so an
/// app's odd value is drawn as nothing rather than trapping in a conversion.
enum Pixels {
    static let largest = 32_767.0

    /// `value` in whole pixels, from 0 to ``largest``.
    static func gtk(_ value: Double) -> Int32 {
        Int32(clamped(value).rounded())
    }

    /// `value` from 0 to ``largest``; 0 when it is not finite.
    static func clamped(_ value: Double) -> Double {
        value.isFinite ? min(max(value, 0), largest) : 0
    }

    /// `value` as a CSS length's number: whole when it is, from 0 to ``largest``.
    static func css(_ value: Double) -> String {
        let v = clamped(value)
        return v == v.rounded() ? String(Int(v)) : String(v)
    }
}
