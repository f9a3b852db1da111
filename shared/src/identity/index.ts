/** One identity per listing: name skeletons (Unicode TR39 confusables) and normalised repository addresses. */
export {
  describeFalseNamespace,
  describeRefusedName,
  invisibleCharacters,
  lookalikeSkeleton,
  nameSkeleton,
  refusedNameCharacters,
  type InvisibleCharacter,
  type RefusedCharacter,
  type RefusedReason,
} from './name'
export { isAllowedInIdentifier } from './profile'
export { addressKey, imitatedCodeHost, normalizeAddress, normalizeSubfolder, type NormalizedAddress } from './address'
export {
  checkedRepositoryAddress,
  checkedRepositoryUrl,
  githubFolderLookup,
  type CheckedAddress,
  type FolderAnswer,
  type FolderLookup,
  type SubfolderCheck,
} from './folder'
