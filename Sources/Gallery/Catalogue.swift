/// The gallery's content: sections of tiles. The built-in catalogue is generated, so the app
/// needs no files.
struct Catalogue {
    struct Item: Hashable {
        var id: Int
        var title: String
        var hue: Int  // 0..<8, a colour class
        var height: Double  // for layouts with varied heights
    }

    struct Section {
        var title: String
        var items: [Item]
    }

    var sections: [Section]

    static func builtIn() -> Catalogue {
        let names = ["Mountains", "Coast", "Forest", "City", "Desert", "Night sky"]
        let counts = [14, 9, 21, 6, 12, 17]
        var next = 0
        let sections = zip(names, counts).enumerated().map { index, pair in
            Section(title: pair.0, items: (0..<pair.1).map { i in
                defer { next += 1 }
                return Item(id: next, title: "\(pair.0) \(i + 1)", hue: (index * 3 + i) % 8,
                            height: Double(90 + (next * 37) % 110))
            })
        }
        return Catalogue(sections: sections)
    }
}
