/** One identity per listing: name skeletons (Unicode TR39 confusables) and normalised repository addresses. */
export { invisibleCharacters, nameSkeleton, type InvisibleCharacter } from './name'
export { addressKey, imitatedCodeHost, normalizeAddress, normalizeSubfolder, type NormalizedAddress } from './address'
