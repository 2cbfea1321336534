print("laminad")
