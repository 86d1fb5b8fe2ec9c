import { externUidError, SAML_NAME_ID_MISSING } from './saml-identity.js'

describe('externUidError', () => {
  it("refuses a blank uid with GitLab's NameID message", () => {
    expect(externUidError('')).toBe(SAML_NAME_ID_MISSING)
    expect(externUidError('  ')).toBe(
      'SAML NameID is missing from your SAML response. Please contact your administrator',
    )
  })

  it('takes any other uid, dots, @, + and / included', () => {
    expect(externUidError('first.last+saml@example.com/x')).toBeUndefined()
  })
})
