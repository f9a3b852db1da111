import { defineContract, err } from '@mcp-directory/shared/contracts'
import { CategoryList } from './model'

/** `GET /api/v1/categories`: the accepted categories. */
export const listCategories = defineContract({
  method: 'GET',
  path: '/api/v1/categories',
  service: 'catalog',
  operationId: 'listCategories',
  tag: 'catalog',
  limit: 'read',
  auth: null,
  summary: 'The accepted categories',
  responses: {
    200: {
      description: 'Categories',
      type: 'application/json',
      schema: CategoryList,
    },
    429: err('rate_limited'),
  },
})
