/// A description of what a cell shows (`UIContentConfiguration`): a value the app sets on a
/// cell (``CollectionViewCell/contentConfiguration``), which makes the widgets to show it once
/// and updates them in place afterwards.
///
/// ``ListContentConfiguration`` describes a list row; an app describes its own content by
/// implementing this protocol with a ``ContentView`` of its own:
///
/// ```swift
/// struct BadgeConfiguration: ContentConfiguration {
///     var count = 0
///     func makeContentView() -> any ContentView { BadgeView(self) }
/// }
/// ```
@MainActor
public protocol ContentConfiguration {
    /// A new view showing this configuration. The cell asks only when its current content
    /// view does not ``ContentView/supports(_:)`` the configuration.
    func makeContentView() -> any ContentView

    /// This configuration as it should look in `state` (`updated(for:)`): another text colour
    /// while selected, a dimmed look while disabled. The default returns it unchanged.
    func updated(for state: CellConfigurationState) -> Self
}

extension ContentConfiguration {
    public func updated(for state: CellConfigurationState) -> Self { self }
}

/// The view a ``ContentConfiguration`` makes (`UIContentView`): a widget, and the
/// configuration it shows. Setting ``configuration`` updates the widget in place.
@MainActor
public protocol ContentView: AnyObject {
    /// The widget the cell shows as its content; the cell parents and sizes it.
    var widget: WidgetPointer { get }

    /// What the view shows; setting it updates the widgets it already has.
    var configuration: any ContentConfiguration { get set }

    /// Whether the view can show `configuration` by updating itself (`supports(_:)`); when it
    /// cannot, the cell replaces it with the configuration's own view. The default supports
    /// configurations of the same type as the current one.
    func supports(_ configuration: any ContentConfiguration) -> Bool

    /// What assistive technologies read for the cell when the app set no
    /// ``CollectionViewCell/accessibilityLabel``; nil by default.
    var accessibilityLabel: String? { get }
}

extension ContentView {
    public var accessibilityLabel: String? { nil }

    public func supports(_ configuration: any ContentConfiguration) -> Bool {
        type(of: configuration) == type(of: self.configuration)
    }
}
