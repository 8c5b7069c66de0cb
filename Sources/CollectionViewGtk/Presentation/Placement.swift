import CGtk
import CollectionLayout

/// Allocates `widget` at the attributes' frame, moved by minus the content offset, with the 3D
/// transform applied about the frame's centre, as UIKit does.
@MainActor
func allocate(_ widget: WidgetPointer, _ attributes: LayoutAttributes, offset: Point) {
    let frame = attributes.frame
    let width = max(0, Int32(frame.width.rounded())), height = max(0, Int32(frame.height.rounded()))
    // Subtracting in Double keeps precision far down a ten-million-item list.
    var origin = graphene_point_t(x: Float(frame.minX - offset.x), y: Float(frame.minY - offset.y))
    var transform = gsk_transform_translate(nil, &origin)
    let t = attributes.transform3D
    if !t.isIdentity {
        var centre = graphene_point_t(x: Float(width) / 2, y: Float(height) / 2)
        var back = graphene_point_t(x: -centre.x, y: -centre.y)
        var matrix = graphene_matrix_t()
        let values = t.rowMajor.map { Float($0) }
        values.withUnsafeBufferPointer { _ = graphene_matrix_init_from_float(&matrix, $0.baseAddress) }
        transform = gsk_transform_translate(transform, &centre)
        transform = gsk_transform_matrix(transform, &matrix)
        transform = gsk_transform_translate(transform, &back)
    }
    gtk_widget_allocate(widget, width, height, -1, transform)
}
