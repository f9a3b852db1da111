// Tool ranking beyond word overlap: the operation a query's verb asks for, a question asking for a reading tool,
// and a word written with a typo still finding its tools.
import { describe, expect, test } from 'bun:test'
import type { ToolInfo } from '@mcp-directory/shared/contracts'
import { queryActions, toolAction } from './actions'
import { searchTools, type ToolFilters, toolPlanOf } from './tool-search'
import { ToolStore } from './tool-store'

const ANY: ToolFilters = {
  skill: null,
  readOnly: null,
  destructive: null,
  transport: 0,
  category: null,
  verified: false,
}
const PULLS: ToolInfo[] = [
  { name: 'get_pull_request', description: 'Get the details of a pull request' },
  { name: 'create_pull_request', description: 'Open a new pull request' },
  { name: 'delete_pull_request_comment', description: 'Delete a comment on a pull request' },
]

function storeOf(tools: ToolInfo[]): ToolStore {
  const store = new ToolStore()
  store.setServer({
    id: 'gh',
    name: 'io.example/git',
    title: null,
    category: 'Other',
    verified: false,
    isOfficial: false,
    stars: 0,
    hasPackage: true,
    tools,
    toolsSource: 'sandbox',
    summary: { remotes: [], risk: null, tools_checked_at: null },
  })
  return store
}
const first = (store: ToolStore, q: string) => {
  const [top] = searchTools(store, toolPlanOf(q, store), ANY, 10, null).hits
  return top === undefined ? null : store.names[top]
}

describe('tool ranking', () => {
  test("a tool's operation is its name's verb, else its description's first verb", () => {
    expect(toolAction('slack_send_message')).toBe(queryActions('send a note'))
    expect(toolAction('getRepoFile')).toBe(queryActions('show me the file'))
    expect(toolAction('translator', 'Creates a translation')).toBe(queryActions('add one'))
    expect(toolAction('translator', 'Translation memory')).toBe(0)
  })

  test('the tool doing what the verb asks comes first; a question asks for a reading one', () => {
    const store = storeOf(PULLS)
    expect(first(store, 'make a pull request')).toBe('create_pull_request')
    expect(first(store, 'remove a pull request comment')).toBe('delete_pull_request_comment')
    expect(first(store, 'which pull request is this')).toBe('get_pull_request')
  })

  test('a misspelt word finds the tools of the word meant', () => {
    const store = storeOf([...PULLS, { name: 'list_branches', description: 'List the branches of a repository' }])
    expect(first(store, 'brnaches')).toBe('list_branches')
    expect(first(store, 'repositry branches')).toBe('list_branches')
    expect(first(store, 'repositry')).toBe('list_branches')
  })
})
