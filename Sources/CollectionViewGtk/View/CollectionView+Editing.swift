import CGtk
import CCollectionHost

/// The view's editing mode, as cells see it.
@MainActor
struct EditingMode {
    /// ``CollectionView/isEditing``.
    var isOn = false
    /// True while ``CollectionView/setEditing(_:animated:)`` hands an animated change to the
    /// cells on screen: their accessories slide in and out then, and only then.
    var isAnimatingChange = false
}

extension CollectionView {
    /// Whether the view is in editing mode (`isEditing`): list cells then show their accessories
    /// displayed ``CellAccessory/DisplayedState/whenEditing`` and hide those displayed
    /// ``CellAccessory/DisplayedState/whenNotEditing``, and every cell's (a list cell's shown as
    /// a header or footer too) ``CellConfigurationState/isEditing`` is true. Setting it changes the mode without an
    /// animation; ``setEditing(_:animated:)`` can animate.
    public var isEditing: Bool {
        get { editingMode.isOn }
        set { setEditing(newValue, animated: false) }
    }

    /// Enters or leaves editing mode (`setEditing(_:animated:)`). The cells on screen update at
    /// once, their accessories sliding in and out when `animated` (and GTK's animations are on);
    /// cells shown later come in already in the new mode.
    ///
    /// - Complexity: O(views on screen).
    public func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != editingMode.isOn else { return }
        editingMode.isOn = editing
        interaction.swipes.close(animated: animated)  // editing rows swipe nothing
        editingMode.isAnimatingChange = animated && cv_animations_enabled(widget) != 0
        defer { editingMode.isAnimatingChange = false }
        // Cells and list cells shown as headers or footers; their configuration update
        // handlers are app code, run as the view's work.
        let shown = elements.visible.values.compactMap { $0 as? CollectionViewCell }
        work.runNow { for cell in shown { cell.isEditing = editing } }
    }
}
