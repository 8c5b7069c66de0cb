import CollectionLayout
print("gallery placeholder")
