/// Runs split and joined in place, as a build would have drawn them: what lets a retained update move
/// one instance to another way of sampling its texture (a leaf turned to whole pixels samples
/// `nearest`, its neighbours `linear`) without building the whole list again.
///
/// Both keep the runs exactly those a build makes, so each instance's program variant (`fastVariant`
/// of its run) is a build's too: a split is refused where a build would have drawn the instance with
/// a neighbour (one that samples nothing rides along with any texture) or kept one apart
/// (`keepsApart`), and a join is made only of runs a build would have made one.
extension RenderList {
    /// Splits draw `command` so that instance `index` is drawn by a run of its own, the instances before
    /// and after it by runs of their own with the run's texture and variant, when a build would draw
    /// them so with `index` sampling `texture` (which the run cannot): the commands of the runs, the
    /// lone one's at `lone`; nil, and nothing done, when it would not. The commands after it, and the
    /// segments that recorded them, move along; `refreshRun` then settles each run's flags.
    mutating func isolate(_ index: Int, inRun command: Int, texture: TextureBinding) -> (runs: ClosedRange<Int>, lone: Int)? {
        guard case .draw(let first, let count, let binding, let variant, let opaque) = commands[command], count > 1 else { return nil }
        let end = first + count
        func samples(_ i: Int) -> Bool { instances[i][.textureMode] != LayerInstance.TextureMode.none.rawValue }
        // A build would draw the instance in the run before it if that sampled nothing yet (it takes
        // the instance's texture), and the one after it in its own if that samples nothing; at the
        // run's ends, a neighbouring run of the same variant might take it (or it them).
        func neighbour(_ c: Int, meets position: Int, after: Bool) -> Bool {
            guard c >= 0, c < commands.count, case .draw(let f, let n, _, let v, _) = commands[c] else { return false }
            return (after ? f : f + n) == position && (v == .full) == (variant == .full)
        }
        guard index > first ? (first..<index).contains(where: samples) : !neighbour(command - 1, meets: first, after: false),
            index + 1 < end ? samples(index + 1) : !neighbour(command + 1, meets: end, after: true),
            !(first..<end).contains(where: { keepsApart(instances[$0], texture: $0 == index ? texture : binding, needsTexture: samples($0)) })
        else { return nil }
        var runs: [RenderCommand] = []
        if index > first { runs.append(.draw(first: first, count: index - first, texture: binding, variant: variant, opaque: opaque)) }
        let lone = command + runs.count
        runs.append(.draw(first: index, count: 1, texture: binding, variant: variant, opaque: opaque))
        if index + 1 < end { runs.append(.draw(first: index + 1, count: end - index - 1, texture: binding, variant: variant, opaque: opaque)) }
        commands.replaceSubrange(command...command, with: runs)
        // A visit's commands lie at or after the run it began; a visit that only extended the run
        // appended none, and stays where it was.
        let (split, added) = (Int32(command), Int32(runs.count - 1))
        moveSegmentCommands { $0 > split ? $0 + added : $0 }
        return (command...(command + runs.count - 1), lone)
    }

    /// Joins the run of one instance, `command`, with the runs just before and after it when a build
    /// would have drawn the three as one (what `isolate` split, sampling alike again): the joined run's
    /// command, or nil when they stay apart. The commands after it, and the segments that recorded
    /// them, move back.
    mutating func rejoin(_ command: Int) -> Int? {
        guard command > 0, command + 1 < commands.count,
            case .draw(let first, 1, let binding, let variant, _) = commands[command],
            case .draw(let before, let beforeCount, let beforeBinding, let beforeVariant, _) = commands[command - 1],
            case .draw(first + 1, let afterCount, let afterBinding, let afterVariant, _) = commands[command + 1],
            before + beforeCount == first, binding.same(as: beforeBinding), binding.same(as: afterBinding),
            !binding.isNone, (variant == .full) == (beforeVariant == .full), (variant == .full) == (afterVariant == .full)
        else { return nil }
        let end = first + 1 + afterCount
        guard !(before..<end).contains(where: { index in
            keepsApart(instances[index], texture: binding, needsTexture: instances[index][.textureMode] != LayerInstance.TextureMode.none.rawValue)
        })
        else { return nil }
        commands.replaceSubrange(
            (command - 1)...(command + 1),
            with: [.draw(first: before, count: end - before, texture: binding, variant: variant == .full ? .full : .plain, opaque: false)])
        // The visits that began the two runs joined now only extended the run before them.
        let (joined, last) = (Int32(command - 1), Int32(command + 1))
        moveSegmentCommands { $0 <= joined ? $0 : $0 <= last ? joined + 1 : $0 - 2 }
        return command - 1
    }
}
