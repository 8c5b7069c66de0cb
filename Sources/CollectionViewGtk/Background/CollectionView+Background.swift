import CGtk
import GtkGlue

/// The background view and the empty state: widgets behind every cell and supplementary view,
/// filling the visible area and staying put while the content scrolls.
extension CollectionView {
    /// A widget drawn behind all cells and supplementary views (`backgroundView`), given the
    /// viewport's size (the visible area, not the content: it does not scroll). A press on it
    /// over empty space still reaches the view (rubber-band selection, the context menu of
    /// empty space); a cell over it gets its own presses. Setting another replaces it (the old
    /// one is unparented and its reference given back); nil removes it.
    ///
    /// A widget that already has a parent is refused and reported
    /// (``CollectionViewError/widgetHasParent(property:type:)``); the background stays as it was.
    public var backgroundView: WidgetPointer? {
        get { backgroundLayer.backgroundWidget }
        set {
            guard newValue != backgroundLayer.backgroundWidget else { return }
            if let widget = newValue, gtk_widget_get_parent(widget) != nil {
                report(.widgetHasParent(property: "backgroundView", type: String(cString: g_type_name_from_instance(raw(widget).assumingMemoryBound(to: GTypeInstance.self)))))
                return
            }
            backgroundLayer.setBackgroundView(newValue)
        }
    }

    /// What the view shows while its sections hold no item (UIKit 17's
    /// `contentUnavailableConfiguration`, there on the view controller): an icon, a title, a
    /// description and a button in the look of GNOME's status pages, over the background view
    /// and under any supplementary views. It fades in when the last item goes and out when
    /// items come, after a reload, a batch update or a diffable data source's apply; nil
    /// removes it. Setting another while it shows changes it in place.
    ///
    /// - Complexity: the items are counted once per change of the data (O(sections)), never
    ///   per frame.
    public var contentUnavailableConfiguration: ContentUnavailableConfiguration? {
        get { backgroundLayer.configuration }
        set { backgroundLayer.setConfiguration(newValue, animated: animationsEnabled) }
    }

    /// Whether the empty state is shown (or fading in) now.
    public var isShowingContentUnavailable: Bool { backgroundLayer.showsUnavailable }
    /// The empty state's widgets, once a configuration was set (tests).
    var contentUnavailableView: ContentUnavailableView? { backgroundLayer.unavailableView }
    /// The empty state's root widget, once a configuration was set (for an app's own tests: it
    /// maps when the empty state shows and unmaps when it has gone).
    package var contentUnavailableWidget: WidgetPointer? { backgroundLayer.unavailableView?.widget }

    /// The counts changed: the empty state follows.
    func itemsCounted(_ counts: [Int]) {
        backgroundLayer.itemsCounted(counts, animated: animationsEnabled)
    }
}
