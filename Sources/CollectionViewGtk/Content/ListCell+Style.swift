import CGtk

/// The look of list cells' accessories.
///
/// Every built-in accessory draws a box of a known width (``AccessoryView/boxWidth(of:)``), so
/// the cell reserves widths with margins around it and a circle stays round.
///
/// One of ``DefaultStyle/parts``: its colours are the library's `cv_` names. An accessory's
/// tint or background colour from its options is a ``StyleClasses`` class, above these rules.
@MainActor
enum ListCellStyle {

    static let css = """
    .cell-accessory-revealer { min-width: 0; }
    image.cell-accessory { -gtk-icon-size: 16px; padding: 0; }
    image.cell-accessory.disclosure-indicator { color: alpha(currentColor, 0.55); }
    image.cell-accessory.checkmark { color: @cv_accent_color; }
    image.cell-accessory.multiselect { -gtk-icon-size: 14px; padding: 1px; border: 2px solid alpha(@cv_fg_color, 0.35);
        border-radius: 9999px; color: transparent; transition: all 150ms ease-out; }
    image.cell-accessory.multiselect.checked { background-color: @cv_accent_bg_color; border-color: @cv_accent_bg_color;
        color: @cv_accent_fg_color; }
    button.cell-accessory { min-width: 24px; min-height: 24px; padding: 0; margin: 0; border: none; border-radius: 9999px;
        background: none; box-shadow: none; outline-offset: 1px; }
    button.cell-accessory image { -gtk-icon-size: 16px; }
    button.cell-accessory:hover { background-color: alpha(currentColor, 0.08); }
    button.cell-accessory:active { background-color: alpha(currentColor, 0.16); }
    button.cell-accessory.delete, button.cell-accessory.insert { min-width: 20px; min-height: 20px; color: @cv_accent_fg_color; }
    button.cell-accessory.delete image, button.cell-accessory.insert image { -gtk-icon-size: 14px; }
    button.cell-accessory.delete { background-color: @cv_destructive_color; }
    button.cell-accessory.insert { background-color: @cv_success_color; }
    button.cell-accessory.delete:hover, button.cell-accessory.insert:hover { box-shadow: inset 0 0 0 20px alpha(@cv_accent_fg_color, 0.15); }
    button.cell-accessory.delete:active, button.cell-accessory.insert:active { box-shadow: inset 0 0 0 20px alpha(@cv_accent_fg_color, 0.3); }
    button.cell-accessory.reorder { color: alpha(currentColor, 0.55); }
    button.cell-accessory.detail { color: @cv_accent_color; }
    button.cell-accessory.outline-disclosure image { transition: -gtk-icon-transform 200ms ease-out; }
    button.cell-accessory.outline-disclosure.expanded image { -gtk-icon-transform: rotate(90deg); }
    button.cell-accessory.outline-disclosure.expanded:dir(rtl) image { -gtk-icon-transform: rotate(-90deg); }
    label.cell-accessory.accessory-label { color: alpha(currentColor, 0.55); }
    """
}
