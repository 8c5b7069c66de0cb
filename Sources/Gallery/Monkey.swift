import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk

/// For `scripts/soak` where no tool can send input (Wayland has no xdotool): with
/// GALLERY_MONKEY=SEED the gallery drives itself, through the same actions and view API its
/// shortcuts, wheel and pinch reach: layout swaps, scrolls, pinch-like interactive transitions
/// left half way and finished or cancelled, selections, items and sections added and removed,
/// shuffles during animations, window resizes. Each action is logged ("monkey ACTION"), so a
/// failing run can be replayed by its seed.
@MainActor
final class Monkey {
    private let gallery: GalleryWindow
    private var rng: UInt64

    static func start(_ gallery: GalleryWindow) -> Monkey? {
        guard let value = getenv("GALLERY_MONKEY"), let seed = UInt64(String(cString: value)) else { return nil }
        let monkey = Monkey(gallery, seed: seed)
        Async.every(milliseconds: 120) { [weak monkey] in
            monkey?.act()
            return monkey != nil
        }
        return monkey
    }

    private init(_ gallery: GalleryWindow, seed: UInt64) {
        self.gallery = gallery
        rng = seed &+ 0x9E37_79B9_7F4A_7C15
    }

    /// SplitMix64: a reproducible stream from the seed.
    private func next(_ bound: Int) -> Int {
        rng &+= 0x9E37_79B9_7F4A_7C15
        var z = rng
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(max(1, bound)))
    }

    private func activate(_ name: String, _ parameter: OpaquePointer? = nil) {
        g_action_group_activate_action(OpaquePointer(gallery.window), name, parameter)
    }

    /// GALLERY_MONKEY_ONLY=3,4: only those kinds of action (to narrow a failure down).
    private let only: [Int]? = getenv("GALLERY_MONKEY_ONLY").map { String(cString: $0).split(separator: ",").compactMap { Int($0) } }

    private func act() {
        let cv = gallery.collectionView
        let action: String
        var kind = next(12)
        if let only, !only.isEmpty { kind = only[kind % only.count] }
        switch kind {
        case 0, 1:
            let size = cv.contentSize, bounds = cv.bounds
            let x = Double(next(Int(max(1, size.width - bounds.width)) + 1)), y = Double(next(Int(max(1, size.height - bounds.height)) + 1))
            cv.contentOffset = Point(x: x, y: y)
            action = "scroll"
        case 2:
            let layout = GalleryLayout.allCases[next(GalleryLayout.allCases.count)]
            activate("layout", g_variant_new_string(layout.rawValue))
            action = "layout \(layout.rawValue)"
        case 3:
            if cv.transitionLayout == nil, let zoom = cv.zoomLayouts {
                _ = cv.startInteractiveTransition(to: cv.collectionViewLayout === zoom.dense ? zoom.spread : zoom.dense)
                cv.transitionLayout?.transitionProgress = Double(next(100)) / 100
                action = "transition begins"
            } else if cv.transitionLayout != nil {
                if next(2) == 0 { cv.finishInteractiveTransition() } else { cv.cancelInteractiveTransition() }
                action = "transition ends"
            } else {
                action = "nothing"
            }
        case 4:
            cv.transitionLayout?.transitionProgress = Double(next(100)) / 100
            action = "transition moves"
        case 5:
            // Items come and go about equally (as in the X11 soak), so the data stays bounded
            // and memory that keeps growing means a leak, not more items.
            if gallery.content.itemCount < 150 {
                activate("add-item")
                action = "add item"
            } else {
                activate("remove-section")
                action = "section"
            }
        case 6:
            let visible = cv.indexPathsForVisibleItems
            if !visible.isEmpty { cv.selectItem(at: visible[next(visible.count)], animated: false, scrollPosition: []) }
            activate("delete-selection")
            action = "select and delete"
        case 7:
            activate("add-item")
            activate("shuffle")
            action = "shuffle during an animation"
        case 8:
            activate(next(2) == 0 ? "add-section" : "remove-section")
            action = "section"
        case 9:
            gtk_window_set_default_size(gallery.window.as(GtkWindow.self), Int32(500 + next(500)), Int32(400 + next(400)))
            action = "resize"
        case 10:
            activate("multiple")
            action = "multiple selection toggle"
        default:
            let layout = GalleryLayout.allCases[next(GalleryLayout.allCases.count)]
            activate("layout", g_variant_new_string(layout.rawValue))
            activate("add-item")
            action = "swap then update at once"
        }
        GalleryLog.event("monkey \(action)")
    }
}
