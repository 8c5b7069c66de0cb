/// How a folder's photos are shown: by date taken (one section per month, newest first) or by
/// name (one section per subfolder). The main menu's Sort choice; remembered in GSettings
/// ("sort-order").
enum PhotoOrder: String, CaseIterable {
    case date, name

    var title: String {
        switch self {
        case .date: tr("By _Date Taken")
        case .name: tr("By _Name")
        }
    }

    /// The menu item's shortcut.
    var accelerator: String {
        switch self {
        case .date: "<Control><Shift>d"
        case .name: "<Control><Shift>t"
        }
    }
}
