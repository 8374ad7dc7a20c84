"""The most frequent hashtag of a directory of .json.gz tweet files (each tweet once, originals included)."""
import gzip, json, os, sys, collections
seen, tags = set(), collections.Counter()
def walk(s):
    if s['id'] in seen: return
    seen.add(s['id'])
    ents = s.get('extended_tweet', s).get('entities', {})
    for h in {h['text'].lower() for h in ents.get('hashtags', [])}: tags[h] += 1
    for k in ('retweeted_status', 'quoted_status'):
        if k in s and 'created_at' in s[k]: walk(s[k])
for f in sorted(os.listdir(sys.argv[1])):
    if f.endswith('.json.gz'):
        for line in gzip.open(os.path.join(sys.argv[1], f), 'rt', encoding='utf-8'):
            o = json.loads(line)
            if 'created_at' in o: walk(o)
print(tags.most_common(1)[0][0])
