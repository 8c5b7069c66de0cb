import CGtk
import GtkGlue

/// An app's widget inside a configuration value: the value holds a reference to it (sinking a
/// new widget's floating one), so the widget lives as long as any copy of the configuration, as
/// UIKit's configurations retain their views. A cell that stops showing it unparents it, and a
/// configuration applied again later still has a live widget. Equal when it is the same widget.
struct HeldWidget: Hashable, @unchecked Sendable {
    private let ref: ObjectRef

    init(_ widget: WidgetPointer) {
        ref = ObjectRef(sinking: raw(widget))
    }

    var widget: WidgetPointer { ref.pointer.assumingMemoryBound(to: GtkWidget.self) }

    static func == (a: HeldWidget, b: HeldWidget) -> Bool { a.ref.pointer == b.ref.pointer }
    func hash(into hasher: inout Hasher) { hasher.combine(ref.pointer) }
}
