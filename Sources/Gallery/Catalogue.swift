import CGtk
import Foundation

/// A GdkTexture the model holds a reference to.
final class Texture: @unchecked Sendable {
    let pointer: OpaquePointer
    init(adopting pointer: OpaquePointer) { self.pointer = pointer }
    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}

/// The gallery's content: sections of items. The built-in catalogue is generated, so the app
/// needs no files; a folder of images makes one too.
final class Catalogue {
    struct Item {
        var id: Int
        var title: String
        var hue: Int  // 0..<8, a colour class
        var height: Double  // for the waterfall layout
        var path: String?  // an image file, for a folder's items
        var texture: Texture?
    }

    struct Section {
        var title: String
        var items: [Item]
    }

    var sections: [Section]
    private(set) var nextID = 0

    init(sections: [Section] = []) {
        self.sections = sections
        nextID = sections.flatMap(\.items).map(\.id).max().map { $0 + 1 } ?? 0
    }

    func makeItem(title: String? = nil, texture: Texture? = nil) -> Item {
        defer { nextID += 1 }
        return Item(id: nextID, title: title ?? "Tile \(nextID + 1)", hue: nextID % 8, height: Double(90 + (nextID * 37) % 110), texture: texture)
    }

    var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }

    static func builtIn() -> Catalogue {
        let names = ["Mountains", "Coast", "Forest", "City", "Desert", "Night sky"]
        let counts = [14, 9, 21, 6, 12, 17]
        let catalogue = Catalogue()
        for (index, (name, count)) in zip(names, counts).enumerated() {
            var items: [Item] = []
            for i in 0..<count {
                var item = catalogue.makeItem(title: "\(name) \(i + 1)")
                item.hue = (index * 3 + i) % 8
                items.append(item)
            }
            catalogue.sections.append(Section(title: name, items: items))
        }
        return catalogue
    }
}
