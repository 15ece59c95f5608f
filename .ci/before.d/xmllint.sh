# xmllint, for the test that validates grade --format junit's output
# against the repository's JUnit schema (staff/autograde/testdata/JUnit.xsd).
command -v xmllint >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libxml2-utils; } >/dev/null 2>&1 || echo "note: no xmllint; TestJUnitValidatesWithXmllint will skip"
