import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { meshServices } from '../../scripts/mesh/services.js'
import { insertAfterLast, insertBefore, replaceOnce, ScaffoldError } from '../../scripts/scaffold/edit.js'
import { meshEdits } from '../../scripts/scaffold/mesh-edits.js'
import { nameProblem, namesOf } from '../../scripts/scaffold/names.js'

const root = join(import.meta.dirname, '../..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')
const existing = meshServices.map((s) => s.name)

describe('checked edits', () => {
  it('inserts before the one anchor line, after the last of a list, and replaces one occurrence', () => {
    expect(insertBefore('f', 'a\nz', 'z', ['m'])).toBe('a\nm\nz')
    expect(insertAfterLast('f', 'x1\nx2\ny', /^x\d$/, ['x3'])).toBe('x1\nx2\nx3\ny')
    expect(replaceOnce('f', 'a b c', ' b ', ' b2 ')).toBe('a b2 c')
  })

  it('fails naming the file when an anchor is missing or not unique', () => {
    expect(() => insertBefore('f.yaml', 'a\nb', 'z', ['m'])).toThrow('f.yaml: expected one line "z" to insert before, found 0')
    expect(() => insertBefore('f.yaml', 'z\nz', 'z', ['m'])).toThrow(/found 2/)
    expect(() => insertAfterLast('f.yaml', 'a', /^x/, ['m'])).toThrow(/f\.yaml: no line/)
    expect(() => replaceOnce('f.yaml', 'a a', 'a', 'b')).toThrow(/found it 2 times/)
  })
})

describe('the mesh edits of a new service', () => {
  it('touch every file test/deploy and README hold a service to', () => {
    expect(Object.keys(meshEdits(namesOf('loyalty', 50060), read, existing)).sort()).toEqual([
      'README.md',
      'deploy/docker/postgres-roles.sql',
      'deploy/k8s/components/mtls/identities.yaml',
      'deploy/k8s/components/mtls/kustomization.yaml',
      'deploy/k8s/disruption-budgets.yaml',
      'deploy/k8s/kustomization.yaml',
      'deploy/k8s/loyalty.yaml',
      'deploy/k8s/mesh-keys.example.yaml',
      'deploy/k8s/mesh-secrets.example.yaml',
      'deploy/k8s/network-policies.yaml',
      'docker-compose.yml',
      'scripts/mesh/services.ts',
    ])
  })

  it('stop when a file lost the line they insert at', () => {
    const withoutGateway = (path: string) => (path === 'docker-compose.yml' ? read(path).replace('\n  gateway:\n', '\n  edge:\n') : read(path))
    expect(() => meshEdits(namesOf('loyalty', 50060), withoutGateway, existing)).toThrow(ScaffoldError)
    expect(() => meshEdits(namesOf('loyalty', 50060), withoutGateway, existing)).toThrow('docker-compose.yml: expected one line "  gateway:" to insert before, found 0')
  })
})

describe('names', () => {
  it('takes a new kebab-case name only', () => {
    expect(nameProblem('gift-cards', existing)).toBeUndefined()
    for (const name of ['GiftCards', 'gift_cards', 'gift--cards', '1cards', 'cards-']) expect(nameProblem(name, existing)).toMatch(/kebab-case/)
    expect(nameProblem('agents', existing)).toMatch(/exists already/)
    expect(nameProblem('admin', existing)).toMatch(/identity of the mesh/)
  })

  it('spells a name as each place needs it', () => {
    expect(namesOf('gift-cards', 50060)).toEqual({ name: 'gift-cards', snake: 'gift_cards', constant: 'GIFT_CARDS', camel: 'giftCards', pascal: 'GiftCards', grpcPort: 50060 })
  })
})
