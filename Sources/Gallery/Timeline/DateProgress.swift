import CGtk
import GtkGlue
import CollectionViewGtk
import Foundation

/// The bar under the photos while dates are read: "Reading dates: 1,234 of 10,000", shown
/// while the indexer works (the photos stay usable; the timeline fills in meanwhile).
@MainActor
final class DateProgress {
    let revealer: WidgetPointer
    private let bar: OpaquePointer  // GtkProgressBar
    private static let numbers: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.locale = Locale.current
        return formatter
    }()

    init() {
        revealer = gtk_revealer_new()
        let bar = gtk_progress_bar_new()!
        self.bar = OpaquePointer(bar)
        gtk_progress_bar_set_show_text(self.bar, 1)
        gtk_widget_add_css_class(bar, "date-progress")
        gtk_revealer_set_child(revealer.opaque, bar)
    }

    /// Shows `done` of `total`, or hides the bar when all are done.
    func show(done: Int, of total: Int) {
        let busy = done < total
        if busy {
            gtk_progress_bar_set_fraction(bar, total > 0 ? Double(done) / Double(total) : 0)
            gtk_progress_bar_set_text(bar, format(tr("Reading dates: %1$s of %2$s"), Self.number(done), Self.number(total)))
        }
        gtk_revealer_set_reveal_child(revealer.opaque, busy ? 1 : 0)
    }

    static func number(_ n: Int) -> String { numbers.string(from: NSNumber(value: n)) ?? String(n) }
}
