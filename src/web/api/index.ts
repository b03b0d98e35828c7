/**
 * The API with every endpoint injected and tagged. The store uses this; pages import the hooks of the
 * domain file they need (`import { useLoginMutation } from '../../../api/auth'`).
 */
export { taggedApi as api, tagTypes, type TagType } from './tags';
