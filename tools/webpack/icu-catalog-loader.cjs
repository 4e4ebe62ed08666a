// Compiles a micro-frontend's message catalog (src/messages/<locale>.json, ICU MessageFormat) into
// Lingui's compiled form at build time, so no ICU parser ships to the browser (decision 0057).
// A message that does not parse fails the build, naming its id.
const { compileMessage } = require('@lingui/message-utils/compileMessage');

module.exports = function icuCatalogLoader(source) {
  const catalog = JSON.parse(source);
  const compiled = {};
  for (const [id, message] of Object.entries(catalog)) {
    if (typeof message !== 'string') throw new Error(`${this.resourcePath}: '${id}' is not a string`);
    try {
      compiled[id] = compileMessage(message);
    } catch (error) {
      throw new Error(`${this.resourcePath}: '${id}' is not valid ICU MessageFormat: ${error.message}`);
    }
  }
  return `export default ${JSON.stringify(compiled)};`;
};
