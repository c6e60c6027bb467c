/** The HL7 FHIR R4 JSON schema with its validator (no types of its own); used by the tests of the export and the FHIR API. */
declare module '@asymmetrik/fhir-json-schema-validator' {
  export default class JSONSchemaValidator {
    constructor(schema?: object, ajvSettings?: object);
    /** The schema errors of a resource; an empty list when it is valid. */
    validate(resource: object, verbose?: boolean): { dataPath?: string; message?: string }[] | string[];
  }
}
