/// A colour in a content or background configuration (what `UIColor` is to UIKit's): one of the
/// theme's, so it follows light, dark and high contrast, or a fixed one.
///
/// The theme's colours are the library's named colours (``DefaultStyle``'s `cv_` names), which
/// exist with and without libadwaita.
public struct ConfigurationColor: Hashable, Sendable {
    /// The colour as a CSS colour expression (`alpha(@cv_accent_bg_color, 0.35)`, `rgba(...)`).
    public let cssValue: String

    /// A colour the theme defines, by its CSS name (without `@`), optionally see-through.
    public static func named(_ name: String, alpha: Double = 1) -> ConfigurationColor {
        ConfigurationColor(cssValue: alpha >= 1 ? "@\(name)" : "alpha(@\(name), \(alpha))")
    }

    /// A fixed colour, its components from 0 to 1.
    public static func rgba(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) -> ConfigurationColor {
        // NaN and infinities are 0: an odd value draws nothing rather than trapping.
        func unit(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        func byte(_ v: Double) -> Int { Int((unit(v) * 255).rounded()) }
        return ConfigurationColor(cssValue: "rgba(\(byte(red)),\(byte(green)),\(byte(blue)),\(unit(alpha)))")
    }

    /// The text's own colour (CSS `currentColor`), optionally see-through.
    public static func foreground(alpha: Double = 1) -> ConfigurationColor {
        ConfigurationColor(cssValue: alpha >= 1 ? "currentColor" : "alpha(currentColor, \(alpha))")
    }

    /// Nothing drawn.
    public static let clear = ConfigurationColor(cssValue: "transparent")
    /// The theme's accent, for text and strokes.
    public static let accent = named("cv_accent_color")
    /// The theme's accent, for backgrounds (selection).
    public static let accentBackground = named("cv_accent_bg_color")
    /// Text on an accent background.
    public static let accentForeground = named("cv_accent_fg_color")
    /// The theme's colour for destructive actions.
    public static let destructive = named("cv_destructive_color")
    /// The theme's colour for success (an insert accessory's circle).
    public static let success = named("cv_success_color")
    /// The background of content views (lists, grids).
    public static let viewBackground = named("cv_view_bg_color")
    /// The background of cards (an inset-grouped list's rows).
    public static let cardBackground = named("cv_card_bg_color")
    /// The window's text colour.
    public static let label = named("cv_fg_color")
    /// Dimmed text (a subtitle), as libadwaita's `dim-label` draws it.
    public static let secondaryLabel = named("cv_fg_color", alpha: 0.55)

    private init(cssValue: String) { self.cssValue = cssValue }
}
