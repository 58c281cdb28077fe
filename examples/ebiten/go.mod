module github.com/shapegen/shapegen/examples/ebiten

go 1.26.0

replace github.com/shapegen/shapegen => ../..

require (
	github.com/hajimehoshi/ebiten/v2 v2.8.8
	github.com/shapegen/shapegen v0.0.0-00010101000000-000000000000
)

require (
	github.com/ebitengine/gomobile v0.0.0-20240911145611-4856209ac325 // indirect
	github.com/ebitengine/hideconsole v1.0.0 // indirect
	github.com/ebitengine/purego v0.8.0 // indirect
	github.com/jezek/xgb v1.1.1 // indirect
	golang.org/x/sync v0.18.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)
