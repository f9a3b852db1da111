import { CategoryModel } from '@mcp-directory/shared/contracts'
import { t } from 'elysia'

export { CategoryModel }

/** `GET /api/v1/categories` (§2.3). */
export const CategoryList = t.Object({ categories: t.Array(CategoryModel) })
