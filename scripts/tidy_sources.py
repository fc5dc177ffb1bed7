#!/usr/bin/env python3
"""The files clang-tidy reads for scripts/check-style: the unity sources in a compile database that
hold any of the sources given on stdin (one path a line, relative to ROOT), and those sources that no
unity source holds, each once. Usage: tidy_sources.py DATABASE ROOT < sources"""
import json
import os
import re
import sys

database, root = sys.argv[1], sys.argv[2]
wanted = {os.path.join(root, line.strip()) for line in sys.stdin if line.strip()}
held = set()
unity = []
for entry in json.load(open(database)):
    path = entry["file"]
    if re.search(r"/Unity/unity_[^/]*\.cxx$", path):
        with open(path) as f:
            inside = set(re.findall(r'#include "([^"]+)"', f.read())) & wanted
        if inside and path not in unity:
            unity.append(path)
            held |= inside
for path in unity + sorted(wanted - held):
    print(path)
