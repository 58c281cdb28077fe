module github.com/shapegen/shapegen

go 1.24
