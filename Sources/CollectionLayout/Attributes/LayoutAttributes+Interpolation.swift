extension LayoutAttributes {
    /// Attributes a fraction `t` of the way from `self` to `other`: frame, alpha and transform
    /// blend; everything else (zIndex, hidden, subclass properties) is `other`'s. The result
    /// is a copy of `other`, so it keeps `other`'s class and element.
    public func interpolated(to other: LayoutAttributes, fraction t: Double) -> LayoutAttributes {
        let result = other.copy()
        if t >= 1 { return result }
        let a = frame, b = other.frame
        result.frame = Rect(x: a.minX + (b.minX - a.minX) * t, y: a.minY + (b.minY - a.minY) * t,
                            width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
        result.alpha = alpha + (other.alpha - alpha) * t
        result.transform3D = transform3D.interpolated(to: other.transform3D, fraction: t)
        return result
    }
}
