import CGtk
import GtkGlue
import Foundation

/// Opens a folder of images: one section per subfolder (and one for the folder's own images),
/// thumbnails decoded on a background queue and handed to the main loop as they are ready.
enum FolderLoader {
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff", "svg", "ico", "tga"]
    static let thumbnailSize: Int32 = 256

    enum Outcome {
        case loaded(Catalogue, skipped: [String])
        case failed(String)
    }

    /// Scans `path`. Missing, unreadable and image-less folders are failures with a message.
    static func scan(_ path: String) -> Outcome {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { return .failed("The folder “\(path)” does not exist.") }
        guard isDirectory.boolValue else { return .failed("“\(path)” is a file, not a folder.") }
        guard let entries = try? fm.contentsOfDirectory(atPath: path) else { return .failed("The folder “\(path)” cannot be read.") }
        let catalogue = Catalogue()
        var skipped: [String] = []
        func images(in folder: String, names: [String]) -> [String] {
            names.sorted { $0.localizedStandardCompare($1) == .orderedAscending }.compactMap { name in
                let full = (folder as NSString).appendingPathComponent(name)
                var dir: ObjCBool = false
                guard fm.fileExists(atPath: full, isDirectory: &dir), !dir.boolValue, !name.hasPrefix(".") else { return nil }
                guard imageExtensions.contains((name as NSString).pathExtension.lowercased()) else { skipped.append(name); return nil }
                return full
            }
        }
        func addSection(_ title: String, _ files: [String]) {
            guard !files.isEmpty else { return }
            var items: [Catalogue.Item] = []
            for file in files {
                var item = catalogue.makeItem(title: ((file as NSString).lastPathComponent as NSString).deletingPathExtension)
                item.path = file
                items.append(item)
            }
            catalogue.sections.append(.init(title: title, items: items))
        }
        addSection((path as NSString).lastPathComponent, images(in: path, names: entries))
        for name in entries.sorted() where !name.hasPrefix(".") {
            let sub = (path as NSString).appendingPathComponent(name)
            var dir: ObjCBool = false
            guard fm.fileExists(atPath: sub, isDirectory: &dir), dir.boolValue, let names = try? fm.contentsOfDirectory(atPath: sub) else { continue }
            addSection(name, images(in: sub, names: names))
        }
        guard catalogue.itemCount > 0 else {
            return .failed(skipped.isEmpty ? "The folder “\(path)” has no images." : "The folder “\(path)” has no images (\(skipped.count) other files).")
        }
        return .loaded(catalogue, skipped: skipped)
    }

    /// A decoded thumbnail crossing from the background queue to the main loop.
    final class Pixbuf: @unchecked Sendable {
        let pointer: OpaquePointer?
        let error: String?
        init(pointer: OpaquePointer?, error: String?) { self.pointer = pointer; self.error = error }
    }

    private static let queue = DispatchQueue(label: "gallery.thumbnails", qos: .userInitiated)

    /// Decodes each file off the main thread, in order; `ready` runs on the main loop with the
    /// texture, or with nil and the reason when the file is not a readable image.
    static func decode(_ files: [(id: Int, path: String)], ready: @escaping @Sendable @MainActor (Int, Texture?, String?) -> Void) {
        queue.async {
            for (id, path) in files {
                let result = decodeOne(path)
                Async.onMain {
                    guard let pixbuf = result.pointer else { ready(id, nil, result.error ?? "unreadable"); return }
                    let texture = gdk_texture_new_for_pixbuf(pixbuf)
                    g_object_unref(UnsafeMutableRawPointer(pixbuf))
                    ready(id, texture.map { Texture(adopting: $0) }, texture == nil ? "unreadable" : nil)
                }
            }
        }
    }

    private static func decodeOne(_ path: String) -> Pixbuf {
        var error: UnsafeMutablePointer<GError>?
        let pixbuf = gdk_pixbuf_new_from_file_at_scale(path, thumbnailSize, thumbnailSize, 1, &error)
        let message = error.map { String(cString: $0.pointee.message) }
        if error != nil { g_error_free(error) }
        return Pixbuf(pointer: pixbuf, error: message)
    }
}

import CollectionViewGtk
