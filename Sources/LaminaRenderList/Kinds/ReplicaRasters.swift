import LaminaCore

/// The rasters the copies of replicated layers chose in one build, by what each draws (`Drawn`): a
/// copy drawing what an earlier one drew shares its raster, whatever its scale or the part it shows
/// (each choosing its own, every copy of every frame made the layer's one raster again); a copy
/// drawing something else takes the next `LayerRasterID.copy`, up to `maximumCopies` (then the last).
struct ReplicaRasters<Drawn: Equatable> {
    private var chosen: [LayerID: [(drawn: Drawn, made: Bool)]] = [:]

    /// The raster an earlier copy chose for `drawn`, and whether it was made anew in this build (each
    /// copy then damages where it shows); nil when the copy takes a new one, `next(for:)`.
    func earlier(_ layer: LayerID, drawing drawn: Drawn) -> (id: LayerRasterID, made: Bool)? {
        guard let list = chosen[layer] else { return nil }
        guard let k = list.firstIndex(where: { $0.drawn == drawn }) ?? (list.count < LayerRasterID.maximumCopies ? nil : list.count - 1)
        else { return nil }
        return (LayerRasterID(layer, copy: Int32(k)), list[k].made)
    }

    /// The raster the next copy drawing something new takes.
    func next(for layer: LayerID) -> LayerRasterID { LayerRasterID(layer, copy: Int32(chosen[layer]?.count ?? 0)) }

    /// Records that the raster `next(for:)` gave draws `drawn`, made anew or not.
    mutating func record(_ layer: LayerID, drawing drawn: Drawn, made: Bool) {
        chosen[layer, default: []].append((drawn, made))
    }
}
