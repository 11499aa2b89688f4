const CHAR = 0;
/** Any character (but `/` when segmented). */
const ONE = 1;
/** Any character at all. */
const ANY = 2;
const CLASS = 3;
const SPLIT = 4;
const JUMP = 5;
const MATCH = 6;
const SLASH = 47;
/** Appends one instruction; returns its address. */
function push(machine, op, a = 0, b = 0) {
    machine.op.push(op);
    machine.a.push(a);
    machine.b.push(b);
    return machine.op.length - 1;
}
/** Emits a loop over one consuming instruction: `x*`. */
function emitLoop(machine, op) {
    const split = push(machine, SPLIT, machine.op.length + 1, machine.op.length + 3);
    push(machine, op);
    push(machine, JUMP, split);
}
function emit(machine, nodes) {
    for (const node of nodes) {
        switch (node.type) {
            case 'char':
                push(machine, CHAR, node.code);
                break;
            case 'one':
                push(machine, ONE);
                break;
            case 'star':
                emitLoop(machine, ONE);
                break;
            case 'class':
                push(machine, CLASS, machine.classes.length);
                machine.classes.push(Int32Array.from([node.negated ? 1 : 0, ...node.ranges]));
                break;
            case 'globstar': {
                if (!node.slash) {
                    emitLoop(machine, ANY);
                    break;
                }
                // `**/`: nothing, or anything ending in `/` (whole segments).
                const skip = push(machine, SPLIT, machine.op.length + 1);
                emitLoop(machine, ANY);
                push(machine, CHAR, SLASH);
                machine.b[skip] = machine.op.length;
                break;
            }
            case 'alternatives': {
                const exits = [];
                node.branches.forEach((branch, index) => {
                    const last = index === node.branches.length - 1;
                    const split = last ? -1 : push(machine, SPLIT, machine.op.length + 1);
                    emit(machine, branch);
                    if (!last) {
                        exits.push(push(machine, JUMP));
                        machine.b[split] = machine.op.length;
                    }
                });
                for (const exit of exits)
                    machine.a[exit] = machine.op.length;
                break;
            }
        }
    }
}
/** Whether the consuming state `pc` reads the code unit `char`. */
function accepts(machine, pc, char) {
    switch (machine.op[pc]) {
        case CHAR:
            return machine.a[pc] === char;
        case ONE:
            return char !== SLASH || !machine.segmented;
        case ANY:
            return true;
        case CLASS: {
            if (char === SLASH && machine.segmented)
                return false;
            const set = machine.classes[machine.a[pc]];
            let member = false;
            for (let i = 1; i < set.length && !member; i += 2)
                member = char >= set[i] && char <= set[i + 1];
            return member !== (set[0] === 1);
        }
        default:
            return false;
    }
}
/** Builds the automaton of `nodes`; `segmented` keeps `?`, `*` and classes off `/`. */
export function buildAutomaton(nodes, segmented) {
    const machine = { op: [], a: [], b: [], classes: [], segmented };
    emit(machine, nodes);
    push(machine, MATCH);
    const size = machine.op.length;
    const seen = new Uint32Array(size);
    let current = new Int32Array(size);
    let next = new Int32Array(size);
    const pending = new Int32Array(size * 2 + 1);
    let generation = 0;
    let steps = 0;
    /** Adds `start` and every state reachable from it without reading a character to `list` (of `length`); returns the new length. */
    function follow(list, length, start) {
        let top = 0;
        pending[top++] = start;
        while (top > 0) {
            const pc = pending[--top];
            if (seen[pc] === generation)
                continue;
            seen[pc] = generation;
            const op = machine.op[pc];
            if (op === SPLIT) {
                pending[top++] = machine.b[pc];
                pending[top++] = machine.a[pc];
            }
            else if (op === JUMP)
                pending[top++] = machine.a[pc];
            else
                list[length++] = pc;
        }
        return length;
    }
    function run(text) {
        generation++;
        let length = follow(current, 0, 0);
        for (let i = 0; i < text.length; i++) {
            const char = text.charCodeAt(i);
            generation++;
            let nextLength = 0;
            for (let t = 0; t < length; t++) {
                const pc = current[t];
                if (accepts(machine, pc, char))
                    nextLength = follow(next, nextLength, pc + 1);
            }
            steps += length;
            if (nextLength === 0)
                return false;
            [current, next] = [next, current];
            length = nextLength;
        }
        for (let t = 0; t < length; t++)
            if (machine.op[current[t]] === MATCH)
                return true;
        return false;
    }
    return { run, steps: () => steps };
}
