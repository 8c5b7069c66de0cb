// The code of the CollectionViewGtk documentation and of "Writing a custom layout", kept here
// so the tests compile it (and run the getting-started app's view in a window).
// `DocumentationCodeTests` (in CollectionLayoutTests) checks that the articles show this code.
import CGtk
import Foundation
import CollectionLayout
import CollectionViewGtk

// MARK: Writing a custom layout: custom attributes

final class FeaturedAttributes: LayoutAttributes {
    var isFeatured = false

    override func copy(indexPath newPath: IndexPath) -> LayoutAttributes {
        let copy = super.copy(indexPath: newPath) as! FeaturedAttributes
        copy.isFeatured = isFeatured
        return copy
    }

    override func isEqual(to other: LayoutAttributes) -> Bool {
        guard let other = other as? FeaturedAttributes else { return false }
        return super.isEqual(to: other) && isFeatured == other.isFeatured
    }
}

/// A flow layout that features the first item of each section.
final class FeaturedFlowLayout: FlowLayout {
    override class var layoutAttributesClass: LayoutAttributes.Type { FeaturedAttributes.self }

    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        super.layoutAttributesForElements(in: rect).map(feature)
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        super.layoutAttributesForItem(at: indexPath).map(feature)
    }

    private func feature(_ attributes: LayoutAttributes) -> LayoutAttributes {
        let featured = attributes.representedElementCategory == .cell && attributes.indexPath.item == 0
        (attributes as? FeaturedAttributes)?.isFeatured = featured
        return attributes
    }
}

final class FeaturedCell: CollectionViewCell {
    override func apply(_ layoutAttributes: LayoutAttributes) {
        super.apply(layoutAttributes)
        if (layoutAttributes as? FeaturedAttributes)?.isFeatured == true {
            gtk_widget_add_css_class(widget, "featured")
        } else {
            gtk_widget_remove_css_class(widget, "featured")
        }
    }
}
