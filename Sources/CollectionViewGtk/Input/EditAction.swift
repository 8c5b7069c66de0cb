/// The actions of a cell's edit menu (`cut:`, `copy:` and `paste:` in UIKit).
public enum EditAction: String, CaseIterable, Sendable {
    case cut, copy, paste

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

    /// What the edit menu's sender is when the user chose the action in the menu; a shortcut
    /// sends `.keyboard`.
    public enum Sender: Sendable { case menu, keyboard }
}
