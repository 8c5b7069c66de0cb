/// The actions of a cell's edit menu (`cut:`, `copy:` and `paste:` in UIKit). The delegate
/// decides which ones an item offers
/// (``CollectionViewDelegate/collectionView(_:canPerformAction:forItemAt:withSender:)``) and
/// performs them.
public enum EditAction: String, CaseIterable, Sendable {
    /// Cut (`cut:`): the menu's "Cut" and Ctrl+X.
    case cut
    /// Copy (`copy:`): the menu's "Copy" and Ctrl+C.
    case copy
    /// Paste (`paste:`): the menu's "Paste" and Ctrl+V.
    case paste

    /// The menu label, with its mnemonic.
    public var label: String {
        switch self {
        case .cut: "Cu_t"
        case .copy: "_Copy"
        case .paste: "_Paste"
        }
    }

    /// The keyboard shortcut, in GTK's accelerator syntax.
    public var accelerator: String {
        switch self {
        case .cut: "<Control>x"
        case .copy: "<Control>c"
        case .paste: "<Control>v"
        }
    }

    /// How the user asked for an action: the `sender` the delegate's `canPerformAction` and
    /// `performAction` calls get.
    public enum Sender: Sendable {
        /// From the edit menu (a long press, the Menu key or Shift+F10).
        case menu
        /// From a keyboard shortcut on the focused item (Ctrl+X, Ctrl+C, Ctrl+V).
        case keyboard
    }
}
