/**
 * File-format layer (LEVEL-FORMAT-v1): load, migrate, serialize, hash.
 * Import from the specific modules or from here.
 */
export { checkLevelObject, checkPackObject, packRulesetIssue, parseLevelText, parsePackText, LEVEL_FORMAT_TAG, PACK_FORMAT_TAG } from './load.js';
export { serializeLevel, serializePack, LEVEL_KEY_ORDER, PACK_KEY_ORDER } from './serialize.js';
export { canonicalJson, hashedContent, levelHash, solutionIsCurrent, HASH_EXCLUDED_FIELDS } from './level-hash.js';
export { CURRENT_VERSION, LEVEL_MIGRATIONS, PACK_MIGRATIONS, migrateDocument, type Migration } from './migrate.js';
export { MAX_DEPTH, MAX_NODES, MAX_TEXT_LENGTH } from './json-value.js';
