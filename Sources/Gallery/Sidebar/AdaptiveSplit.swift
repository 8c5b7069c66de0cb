import CGtk
import CAdw
import GtkGlue
import CollectionViewGtk
import Foundation

/// A sidebar beside the content when the window is wide, one of them at a time when it is
/// narrow, with a back button (for the header) that returns from the content to the sidebar.
///
/// libadwaita 1.2's AdwLeaflet does it: AdwFlap would slide the sidebar over the content, but
/// a folder sidebar is a place to go to and come back from, which is the leaflet's navigation
/// (and its swipe back). libadwaita 1.4 replaces both with AdwNavigationSplitView; this type is
/// the one place that knows which is used.
@MainActor
final class AdaptiveSplit {
    /// The leaflet: sidebar, separator, content.
    let widget: WidgetPointer
    /// "Back to the sidebar": shown while folded on the content.
    let backButton: WidgetPointer
    private let sidebar: WidgetPointer
    private let separator: WidgetPointer
    private let content: WidgetPointer
    /// Whether the back button stays hidden whatever the split shows (the viewer has its own
    /// back button; the Showcase page has no sidebar to go back to).
    var hidesBackButton = false {
        didSet { if hidesBackButton != oldValue { update() } }
    }
    /// Runs when the folding or the pane shown changes.
    var changed: (() -> Void)?
    /// Whether the sidebar is there at all (a folder is open and the viewer is closed).
    var showsSidebar = false {
        didSet {
            guard showsSidebar != oldValue else { return }
            gtk_widget_set_visible(sidebar, showsSidebar ? 1 : 0)
            gtk_widget_set_visible(separator, showsSidebar ? 1 : 0)
            if !showsSidebar { showContent() }
            update()
        }
    }

    /// The sidebar's and the content's narrowest widths: below their sum (and the separator),
    /// the leaflet folds. The header bar keeps the window about 600 wide at least, so the
    /// content asks for 420: the split folds (below 641) before the window stops shrinking.
    static let sidebarWidth: Int32 = 220
    static let contentWidth: Int32 = 420

    init(sidebar: WidgetPointer, content: WidgetPointer) {
        self.sidebar = sidebar
        self.content = content
        widget = adw_leaflet_new()!.assumingMemoryBound(to: GtkWidget.self)
        separator = gtk_separator_new(GTK_ORIENTATION_VERTICAL)!
        gtk_widget_set_size_request(sidebar, Self.sidebarWidth, -1)
        gtk_widget_set_size_request(content, Self.contentWidth, -1)
        gtk_widget_set_hexpand(sidebar, 0)  // the photos take the room the window has beyond it
        gtk_widget_set_hexpand(content, 1)
        adw_leaflet_set_fold_threshold_policy(raw(widget), Int32(CV_ADW_FOLD_THRESHOLD_POLICY_MINIMUM))
        adw_leaflet_set_can_navigate_back(raw(widget), 1)  // the swipe and Alt+Left back to the sidebar
        adw_leaflet_append(raw(widget), raw(sidebar))
        adw_leaflet_page_set_navigatable(adw_leaflet_append(raw(widget), raw(separator)), 0)
        adw_leaflet_append(raw(widget), raw(content))
        gtk_widget_set_visible(sidebar, 0)
        gtk_widget_set_visible(separator, 0)
        adw_leaflet_set_visible_child(raw(widget), raw(content))

        backButton = gtk_button_new_from_icon_name("go-previous-symbolic")!
        let tip = tr("Back to the Folders")
        gtk_widget_set_tooltip_text(backButton, tip)
        setAccessibleLabel(backButton, tip)
        gtk_widget_set_visible(backButton, 0)
        Signal.connect(raw(backButton), "clicked") { [weak self] in self?.showSidebar() }
        Signal.connectPointer(raw(widget), "notify::folded") { [weak self] in self?.update() }
        Signal.connectPointer(raw(widget), "notify::visible-child") { [weak self] in self?.update() }
    }

    var isFolded: Bool { adw_leaflet_get_folded(raw(widget)) != 0 }

    /// Whether the leaflet is still sliding from one pane to the other.
    var isSliding: Bool { adw_leaflet_get_child_transition_running(raw(widget)) != 0 }
    /// Whether the sidebar is what a folded split shows.
    var isOnSidebar: Bool { adw_leaflet_get_visible_child(raw(widget)) == raw(sidebar) }

    /// Folded: the content (after a folder is chosen). Wide: both show anyway.
    func showContent() { adw_leaflet_set_visible_child(raw(widget), raw(content)) }

    func showSidebar() {
        guard showsSidebar else { return }
        adw_leaflet_set_visible_child(raw(widget), raw(sidebar))
    }

    private func update() {
        gtk_widget_set_visible(backButton, showsSidebar && isFolded && !isOnSidebar && !hidesBackButton ? 1 : 0)
        changed?()
    }
}
