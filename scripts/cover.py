#!/usr/bin/env python3
"""cover.py NEW OLD: put the subject and text of the cover letter OLD (a
`git format-patch --cover-letter` file kept in patches/) into NEW, the cover
letter format-patch just wrote with its placeholders, so that the shortlog
and diffstat follow the series while the words stay ours."""
import re
import sys

new_path, old_path = sys.argv[1], sys.argv[2]
new = open(new_path).read()
try:
    old = open(old_path).read()
except OSError:
    sys.exit(0)            # no cover letter yet: keep format-patch's placeholders

subject = re.search(r"^Subject: \[PATCH[^]\n]* [0-9]+/[0-9]+\] (.*(?:\n [^\n]*)*)", old, re.M)
# the text: from the end of the mail headers to the shortlog ("Name (N):")
body = re.search(r"\n\n(.*?)\n\n[^\n]+ \([0-9]+\):\n", old, re.S)
if not subject or not body:
    sys.exit(f"cover.py: cannot find the subject and text of {old_path}")
new = new.replace("*** SUBJECT HERE ***", subject.group(1), 1)
new = new.replace("*** BLURB HERE ***", body.group(1), 1)
open(new_path, "w").write(new)
