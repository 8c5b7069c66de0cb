/// Which way lines of text run (`UIUserInterfaceLayoutDirection`): the widget's direction in
/// GTK (`gtk_widget_get_direction`), set by the locale (Hebrew, Arabic) or by the app.
public enum LayoutDirection: Sendable {
    case leftToRight
    case rightToLeft
}

extension Rect {
    /// The rectangle mirrored across the vertical centre line of a space `width` wide: what a
    /// layout's frame becomes when the view flips it for a right-to-left direction.
    public func mirroredHorizontally(inWidth width: Double) -> Rect {
        Rect(x: width - maxX, y: minY, width: self.width, height: height)
    }
}

extension Transform3D {
    /// The transform seen in a mirror (S·T·S with S = scale(-1, 1, 1)): a turn to the right
    /// becomes a turn to the left, a shift right a shift left; scales stay.
    public var mirroredHorizontally: Transform3D {
        var m = rowMajor
        for row in 0..<4 {
            for column in 0..<4 where (row == 0) != (column == 0) { m[row * 4 + column] = -m[row * 4 + column] }
        }
        return Transform3D(rowMajor: m)
    }
}

extension LayoutAttributes {
    /// A copy mirrored for a right-to-left direction in content `width` wide: frame and transform.
    public func mirroredHorizontally(inWidth width: Double) -> LayoutAttributes {
        let copy = self.copy()
        copy.frame = frame.mirroredHorizontally(inWidth: width)
        copy.transform3D = transform3D.mirroredHorizontally
        return copy
    }
}
