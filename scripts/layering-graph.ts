/** The import graph of the layering check: which files import each other around a loop. */

/** Each file and the files it imports. */
export type Imports = Map<string, string[]>

/** The groups of two or more files that import each other, directly or around a loop. */
export function stronglyConnected(edges: Imports): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []
  const connect = (file: string): void => {
    index.set(file, index.size)
    low.set(file, index.get(file)!)
    stack.push(file)
    onStack.add(file)
    for (const to of edges.get(file) ?? []) {
      if (!edges.has(to)) continue
      if (!index.has(to)) {
        connect(to)
        low.set(file, Math.min(low.get(file)!, low.get(to)!))
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!))
      }
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member)
      component.push(member)
      if (member === file) break
    }
    const selfImport = edges.get(file)!.includes(file)
    if (component.length > 1 || selfImport) components.push(component)
  }
  for (const file of [...edges.keys()].sort()) if (!index.has(file)) connect(file)
  return components
}

/** The shortest way from `start` back to it through the files of its component, `start` first. */
export function shortestLoop(start: string, component: Set<string>, edges: Imports): string[] {
  const cameFrom = new Map<string, string>()
  const queue = [start]
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const to of edges.get(file) ?? []) {
      if (to === start) {
        const path = [file]
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!)
        return path
      }
      if (component.has(to) && !cameFrom.has(to)) {
        cameFrom.set(to, file)
        queue.push(to)
      }
    }
  }
  return [start]
}
