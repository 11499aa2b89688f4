#!/bin/sh
# Turns a copy of ./repo into a git repository with two commits, so that `git log` and
# `git diff HEAD~1` have something to show. Usage: sh make-history.sh DIR  (default: ./repo)
set -e
cd "${1:-$(dirname "$0")/repo}"
git init -q
git config user.name "Sample Author"
git config user.email "author@example.com"
git add README.md src/format.js
git commit -q -m "Add price formatting and README"
git add src/cart.js src/discount.js test/cart.test.js
git commit -q -m "Add cart with stackable discount codes"
git log --oneline
